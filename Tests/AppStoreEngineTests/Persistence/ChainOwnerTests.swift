import Foundation
import StoreModel
import StoreStorage
import Testing

@testable import AppStoreEngine

/// A chain's row keeps what its events need of its owner (``ChainOwner``): the account's storefront, written
/// again with every change to the account, and the app transaction's ID. Renewals read them from there instead of
/// from the account and the app transaction; a row that keeps none reads those, as before migration 8.
@Suite struct ChainOwnerTests {
    typealias H = EngineHarness

    /// What the chains keep of their owners, by original transaction ID, as text.
    static func owners(in database: any SQLDatabase) async throws -> [String] {
        try await database.query(
            """
            SELECT original_transaction_id, account_id, storefront, storefront_id, currency, app_transaction_id
            FROM chains ORDER BY original_transaction_id
            """
        ).map { row in
            let kept = [try row.optionalString("storefront"), try row.optionalString("storefront_id"),
                        try row.optionalString("currency"), try row.optionalString("app_transaction_id")]
            return "\(try row.int64("original_transaction_id")) \(try row.string("account_id")) "
                + kept.map { $0 ?? "none" }.joined(separator: " ")
        }
    }

    /// What the accounts and app transactions hold for the chains' owners, in the same form.
    static func accounts(in database: any SQLDatabase) async throws -> [String] {
        try await database.query(
            """
            SELECT chains.original_transaction_id, chains.account_id, accounts.storefront, accounts.storefront_id,
                accounts.currency, app_transactions.app_transaction_id
            FROM chains JOIN accounts ON accounts.id = chains.account_id
            JOIN app_transactions ON app_transactions.bundle_id = chains.bundle_id
                AND app_transactions.account_id = chains.account_id
            ORDER BY chains.original_transaction_id
            """
        ).map { row in
            "\(try row.int64("original_transaction_id")) \(try row.string("account_id")) \(try row.string("storefront")) "
                + "\(try row.string("storefront_id")) \(try row.string("currency")) \(try row.string("app_transaction_id"))"
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aStorefrontChangedBetweenRenewalsIsTheNextRenewals(store: StoreKind) async throws {
        let h = try await H.make(store, accounts: ["alice", "bob"])
        let alice = try await h.buy(H.monthly, account: "alice")
        _ = try await h.buy(H.monthly, account: "bob")
        try await h.engine.updateAccount("alice", storefront: Storefront.known("ESP"))
        #expect(try await h.advance(days: 32) == 2)
        let renewals = try await h.notifications().filter { $0.payload.notificationType == .didRenew }
        let stores = Dictionary(uniqueKeysWithValues: try renewals.map { notification in
            let transaction = try #require(notification.transaction)
            return (try #require(transaction.originalTransactionId == alice.transactionId ? "alice" : "bob"),
                "\(transaction.storefront ?? "") \(transaction.storefrontId ?? "") \(transaction.currency ?? "")")
        })
        #expect(stores == ["alice": "ESP 143454 EUR", "bob": "USA 143441 USD"])
        // The next renewal, after the change back, in the app transaction the purchase made.
        try await h.engine.updateAccount("alice", storefront: .unitedStates)
        _ = try await h.advance(days: 31)
        let latest = try #require(try await h.engine.latestTransaction(
            bundleId: H.bundleId, accountId: "alice", productId: H.monthly))
        #expect(latest.payload.storefront == "USA" && latest.payload.currency == "USD")
        #expect(latest.payload.appTransactionId == alice.payload.appTransactionId && latest.payload.appTransactionId != nil)
    }

    @Test(arguments: MigrationBackend.available)
    func theRowsKeepWhatTheAccountsAndAppTransactionsHold(backend: MigrationBackend) async throws {
        try await backend.withDatabase { database in
            let engine = try await H.engine(on: database, accounts: ["alice", "bob", "carol"])
            try await engine.updateAccount("bob", storefront: Storefront.known("FRA"))
            for (account, product) in [("alice", H.monthly), ("bob", H.monthly), ("carol", H.weekly), ("alice", H.seasonPass)] {
                _ = try await engine.purchase(PurchaseRequest(bundleId: H.bundleId, accountId: account, productId: product))
            }
            try await engine.updateAccount("carol", storefront: Storefront.known("ESP"))
            let kept = try await Self.owners(in: database)
            #expect(kept.count >= 3)
            #expect(kept == (try await Self.accounts(in: database)))
            #expect(kept.contains { $0.contains(" bob FRA 143442 EUR ") } && kept.contains { $0.contains(" carol ESP 143454 EUR ") })

            // A store written before migration 8 keeps nothing in its chains until the migration's statements run.
            try await database.execute(
                "UPDATE chains SET storefront = NULL, storefront_id = NULL, currency = NULL, app_transaction_id = NULL")
            let migration = try #require(EngineSchema.migrations.first { $0.version == 8 })
            for statement in migration.statements(for: database.dialect).filter({ $0.hasPrefix("UPDATE") }) {
                try await database.execute(statement)
            }
            #expect(try await Self.owners(in: database) == kept)
            await engine.close()
        }
    }

    @Test func aChainThatKeepsNothingOfItsOwnerRenewsFromTheAccount() async throws {
        let database = try SQLiteDatabase.inMemory()
        let engine = try await H.engine(on: database, accounts: ["alice"])
        let bought = try await engine.purchase(PurchaseRequest(bundleId: H.bundleId, accountId: "alice", productId: H.monthly))
        let first = try #require(bought.transaction)
        // A row as migration 8 leaves one it could not fill, and an account changed behind the engine's back.
        try await database.execute(
            "UPDATE chains SET storefront = NULL, storefront_id = NULL, currency = NULL, app_transaction_id = NULL")
        try await database.execute(
            "UPDATE accounts SET storefront = 'JPN', storefront_id = '143462', currency = 'JPY' WHERE id = 'alice'")
        #expect(try await engine.advance(by: .seconds(32 * 86_400)) == 1)
        let latest = try #require(try await engine.latestTransaction(
            bundleId: H.bundleId, accountId: "alice", productId: H.monthly))
        #expect(latest.transactionId != first.transactionId)
        #expect(latest.payload.storefront == "JPN" && latest.payload.storefrontId == "143462" && latest.payload.currency == "JPY")
        #expect(latest.payload.appTransactionId == first.payload.appTransactionId)
        await engine.close()
    }
}
