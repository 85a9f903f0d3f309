import Foundation
import StoreModel
import StoreStorage
import Testing

@testable import AppStoreEngine

/// Schema migration 6 (subscription transactions linked through their chain), on SQLite and, when
/// `TIENDA_PG_CONNINFO` names a server, PostgreSQL: the links it gives the transactions stored before it are the
/// ones the engine writes, renewals stay out of the account index, and every view finds the same transactions.
@Suite struct ChainLinksMigrationTests {
    /// Every transaction's link and every chain's latest transaction, as text.
    static func links(in database: any SQLDatabase) async throws -> [String] {
        var links: [String] = []
        for row in try await database.query(
            "SELECT transaction_id, previous_transaction_id, product_type FROM transactions ORDER BY transaction_id")
        {
            let previous = try row.optionalInt64("previous_transaction_id").map(String.init) ?? "none"
            links.append("\(try row.int64("transaction_id")) \(try row.string("product_type")) after \(previous)")
        }
        for row in try await database.query(
            "SELECT original_transaction_id, latest_transaction_id FROM chains ORDER BY original_transaction_id")
        {
            let latest = try row.optionalInt64("latest_transaction_id").map(String.init) ?? "none"
            links.append("chain \(try row.int64("original_transaction_id")) latest \(latest)")
        }
        return links
    }

    /// What the views show of an account.
    static func views(of accountId: String, in engine: AppStoreEngine) async throws -> [String] {
        let bundleId = EngineHarness.bundleId
        let all = try await engine.allTransactions(bundleId: bundleId, accountId: accountId).map(\.transactionId)
        let entitled = try await engine.currentEntitlements(bundleId: bundleId, accountId: accountId).map(\.transactionId)
        let unfinished = try await engine.unfinishedTransactions(bundleId: bundleId, accountId: accountId).map(\.transactionId)
        let updates = try await engine.transactionUpdates(bundleId: bundleId, accountId: accountId).updates
            .map(\.transaction.transactionId)
        let monthly = try await engine.latestTransaction(bundleId: bundleId, accountId: accountId, productId: EngineHarness.monthly)
        var chains: [String] = []
        for status in try await engine.subscriptionStatuses(bundleId: bundleId, accountId: accountId) {
            chains.append(try await engine.subscriptionTransactions(originalTransactionId: status.originalTransactionId)
                .map(\.transactionId).joined(separator: ","))
        }
        return ["all \(all)", "entitled \(entitled)", "unfinished \(unfinished)", "updates \(updates)",
            "latest monthly \(monthly?.transactionId ?? "none")", "chains \(chains)"]
    }

    @Test(arguments: MigrationBackend.available)
    func storedTransactionsAreLinkedAsTheEngineLinksThem(backend: MigrationBackend) async throws {
        try await backend.withDatabase { database in
            let engine = try await EngineHarness.engine(on: database, accounts: ["alice", "bob"])
            func buy(_ productId: String, _ accountId: String) async throws -> String {
                let result = try await engine.purchase(PurchaseRequest(
                    bundleId: EngineHarness.bundleId, accountId: accountId, productId: productId))
                return try #require(result.transaction?.transactionId)
            }
            // A chain of alice (renewed, changed to another product of the group, upgraded), a chain of bob renewing
            // weekly, and one-time purchases between.
            let monthly = try await buy(EngineHarness.monthly, "alice")
            let lifetime = try await buy(EngineHarness.lifetime, "alice")
            _ = try await buy(EngineHarness.weekly, "bob")
            try await engine.advance(by: .seconds(32 * 86_400))
            _ = try await buy(EngineHarness.coins, "alice")
            try await engine.advance(by: .seconds(31 * 86_400))
            _ = try await buy(EngineHarness.weekly, "alice")
            _ = try await buy(EngineHarness.yearly, "alice")
            try await engine.finish(transactionId: lifetime)
            let written = try await Self.links(in: database)
            let views = try await Self.views(of: "alice", in: engine)

            // Only the one-time purchases are left for the account index.
            let oneTime = Set(written.filter { $0.contains(" after none") }.map { $0.split(separator: " ")[1] })
            #expect(oneTime == [Substring(ProductType.nonConsumable.rawValue), Substring(ProductType.consumable.rawValue)])
            #expect(written.contains { $0.hasPrefix("\(monthly) ") && $0.hasSuffix(" after 0") })
            #expect(written.filter { $0.hasPrefix("chain ") && !$0.hasSuffix(" latest none") }.count == 2)

            // The links of a store written before the migration: none, until its statements run.
            try await database.execute("UPDATE transactions SET previous_transaction_id = NULL")
            try await database.execute("UPDATE chains SET latest_transaction_id = NULL")
            for statement in EngineSchema.chainLinks { try await database.execute(statement) }
            #expect(try await Self.links(in: database) == written)
            #expect(try await Self.views(of: "alice", in: engine) == views)
            #expect(views.contains { $0.hasPrefix("chains ") && $0.contains(monthly) })

            // Deleting a chain takes its linked transactions and leaves the others.
            try await engine.deleteTransaction(monthly)
            let remaining = try await engine.allTransactions(bundleId: EngineHarness.bundleId, accountId: "alice")
            #expect(remaining.allSatisfy { $0.payload.originalTransactionId != monthly })
            #expect(remaining.contains { $0.transactionId == lifetime })
            await engine.close()
        }
    }
}
