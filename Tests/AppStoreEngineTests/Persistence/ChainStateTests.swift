import Foundation
import StoreModel
import StoreStorage
import Testing

@testable import AppStoreEngine

/// A chain's row keeps its identity in columns and its compact state without it (`SubscriptionLifecycle.compactState`);
/// rows written before keep the whole chain in `state`, and are read and renewed as they are.
@Suite struct ChainStateTests {
    private func state(_ original: String, in database: SQLiteDatabase) async throws -> [UInt8] {
        let row = try #require(try await database.queryFirst(
            "SELECT state FROM chains WHERE original_transaction_id = ?", [.integer(Int64(original)!)]))
        return Array(try row.data("state"))
    }

    @Test func aChainIsStoredWithoutTheIdentityItsColumnsHold() async throws {
        let (database, engine, original) = try await EngineHarness.subscribedOnDatabase()
        let lifecycle = try await database.transaction { sql in try EngineTables(sql: sql).chain(original).lifecycle }
        let stored = try await state(original, in: database)
        #expect(stored == lifecycle.compactState)
        #expect(stored.count < lifecycle.compactRepresentation.count)
        #expect(lifecycle.originalTransactionId == original)
        #expect(lifecycle.accountId == "alice")
        #expect(lifecycle.productId == EngineHarness.monthly)
        await engine.close()
    }

    @Test func aChainStoredWholeIsReadRenewedAndStoredCompactly() async throws {
        let (database, engine, original) = try await EngineHarness.subscribedOnDatabase()
        let lifecycle = try await database.transaction { sql in try EngineTables(sql: sql).chain(original).lifecycle }
        try await database.execute(
            "UPDATE chains SET state = ? WHERE original_transaction_id = ?",
            [.blob(Data(lifecycle.compactRepresentation)), .integer(Int64(original)!)])
        let read = try await database.transaction { sql in try EngineTables(sql: sql).chain(original).lifecycle }
        #expect(read == lifecycle)

        let renewals = try await engine.advance(by: .seconds(32 * 86_400))
        #expect(renewals > 0)
        let renewed = try await database.transaction { sql in try EngineTables(sql: sql).chain(original).lifecycle }
        #expect(renewed.renewalCount == lifecycle.renewalCount + 1)
        #expect(renewed.latestTransactionId != lifecycle.latestTransactionId)
        #expect(try await state(original, in: database) == renewed.compactState)
        await engine.close()
    }

    @Test func anIdentifierTheIntegerColumnCannotSpellKeepsTheWholeChainInState() async throws {
        let (database, engine, original) = try await EngineHarness.subscribedOnDatabase()
        let lifecycle = try await database.transaction { sql in try EngineTables(sql: sql).chain(original).lifecycle }
        #expect(EngineTables.storedState(of: lifecycle) == lifecycle.compactState)
        // The same chain under the original transaction ID "0042", which the integer column would store as 42.
        var whole = lifecycle.compactRepresentation
        let length = Int(whole[1])
        whole.replaceSubrange(1..<(2 + length), with: [4] + Array("0042".utf8))
        let padded = try #require(SubscriptionLifecycle(compactRepresentation: whole))
        #expect(padded.originalTransactionId == "0042")
        #expect(EngineTables.storedState(of: padded) == padded.compactRepresentation)
        await engine.close()
    }
}
