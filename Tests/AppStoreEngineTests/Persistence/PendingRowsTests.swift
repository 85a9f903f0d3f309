import Foundation
import StoreModel
import StoreStorage
import Testing

@testable import AppStoreEngine

/// Transactions and chain updates held while a batch of purchases runs (``PendingRows``) and written as multi-row
/// statements: every other statement sees them, a chain saved twice keeps its last values, and a chain that is no
/// longer stored is saved again, as a single save would.
@Suite struct PendingRowsTests {
    @Test func heldTransactionsAreWrittenBeforeTheNextReadInStatementsOfSeveralSizes() async throws {
        let (database, engine, original) = try await EngineHarness.subscribedOnDatabase()
        let (held, read) = try await database.transaction { sql in
            let tables = EngineTables(sql: sql)
            var copy = try tables.transaction(original)
            var chain = try tables.chain(original)
            tables.pending.isDeferring = true
            // 70 rows of the chain: statements of 64, 4 and 2 rows; the chain's update naming the last is held too.
            for offset in 1...70 {
                copy.id = String(Int64(original)! + Int64(offset))
                copy.purchaseDate = Timestamp(milliseconds: copy.purchaseDate.milliseconds + Int64(offset))
                try tables.insert(
                    copy, announcement: (Int64(offset), copy.purchaseDate), previousInChain: chain.latestTransactionKey)
                chain.latestTransactionKey = Int64(copy.id)
            }
            try tables.save(chain)
            let held = tables.pending.transactions.count / EngineTables.transactionColumnCount
            let read = try tables.transactions(originalTransactionId: original).map(\.id)
            return (held, read)
        }
        #expect(held == 70)
        #expect(read == (0...70).map { String(Int64(original)! + Int64($0)) })
        await engine.close()
    }

    @Test func aChainSavedTwiceWhileHeldKeepsItsLastValues() async throws {
        let (database, engine, original) = try await EngineHarness.subscribedOnDatabase()
        let (pendingRows, sequence) = try await database.transaction { sql in
            let tables = EngineTables(sql: sql)
            var chain = try tables.chain(original)
            tables.pending.isDeferring = true
            chain.dueSequence = 7_001
            try tables.save(chain)
            chain.dueSequence = 7_002
            try tables.save(chain)
            let pendingRows = tables.pending.chainRecords.count
            return (pendingRows, try tables.chain(original).dueSequence)
        }
        #expect(pendingRows == 1)
        #expect(sequence == 7_002)
        await engine.close()
    }

    @Test func aHeldUpdateOfAChainNoLongerStoredSavesItAgainAsASingleSaveWould() async throws {
        let (database, engine, original) = try await EngineHarness.subscribedOnDatabase()
        let (before, after) = try await database.transaction { sql in
            let tables = EngineTables(sql: sql)
            let chain = try tables.chain(original)
            try tables.deleteChains(where: "original_transaction_id = ?", [.integer(Int64(original)!)])
            tables.pending.isDeferring = true
            try tables.save(chain)
            try tables.flushPendingRows()
            let after = try tables.chainIfPresent(original)
            return (chain.dueSequence, after?.dueSequence)
        }
        #expect(before != nil && after == before)
        #expect(try await engine.subscriptionStatus(originalTransactionId: original).state == .subscribed)
        await engine.close()
    }
}
