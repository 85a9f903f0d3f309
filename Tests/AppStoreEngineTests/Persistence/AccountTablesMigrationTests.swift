import Foundation
import StoreModel
import StoreStorage
import Testing

@testable import AppStoreEngine

/// Schema migration 5 (accounts and app transaction records stored in their key's order) on a SQLite store
/// written by schema 4: the rows and the family index survive, and the engine goes on using them.
@Suite struct AccountTablesMigrationTests {
    @Test func accountsAndAppTransactionsKeepTheirRowsInTablesWithoutRowid() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "tienda-migration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try SQLiteDatabase(path: directory.appending(path: "engine.sqlite").path)

        // A store as schema 4 left it: two accounts of one family, one with its app transaction record.
        try await database.migrate(Array(EngineSchema.migrations.prefix(4)))
        for (id, device) in [("alice", "6f1d8c6e-2f36-4c1a-9a4e-0d7c1f0e9b11"), ("bob", "0b3a6f3e-5c2d-4e8f-8a1b-2c3d4e5f6a7b")] {
            try await database.execute(
                """
                INSERT INTO accounts (id, storefront, storefront_id, currency, family_group, device_verification_id,
                    can_make_payments) VALUES (?, 'USA', '143441', 'USD', 'smiths', ?, 1)
                """, [.text(id), .text(device)])
        }
        try await database.execute(
            """
            INSERT INTO app_transactions (bundle_id, account_id, app_transaction_id, original_purchase_date,
                original_application_version) VALUES (?, 'alice', '705000000000001', 1681314324000, '1.2')
            """, [.text(EngineHarness.bundleId)])

        let engine = try await AppStoreEngine(configuration: .init(storage: .database(database), clock: VirtualClock()))
        try await engine.registerApp(AppRegistration(
            bundleId: EngineHarness.bundleId, appAppleId: 1_234_567_890, environment: .sandbox, bundleVersion: "42",
            catalogFile: EngineHarness.catalogURL))

        for table in ["accounts", "app_transactions"] {
            let sql = try await database.queryFirst("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(table)])?
                .optionalString("sql")
            #expect(sql?.hasSuffix("WITHOUT ROWID") == true, "\(table): \(sql ?? "missing")")
        }
        let family = try await database.queryFirst("SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'accounts_family'")
        #expect(family != nil)

        let alice = try await engine.account("alice")
        #expect(alice.familyGroup == "smiths" && alice.deviceVerificationId == "6f1d8c6e-2f36-4c1a-9a4e-0d7c1f0e9b11")
        #expect(try await engine.accounts().map(\.id) == ["alice", "bob"])
        let appTransaction = try await engine.appTransaction(bundleId: EngineHarness.bundleId, accountId: "alice")
        #expect(appTransaction.payload.appTransactionId == "705000000000001")
        #expect(appTransaction.payload.originalApplicationVersion == "1.2")

        // The moved rows serve a purchase and its renewal, which reads them with the due chain.
        let result = try await engine.purchase(PurchaseRequest(
            bundleId: EngineHarness.bundleId, accountId: "bob", productId: EngineHarness.monthly))
        let original = try #require(result.transaction?.transactionId)
        try await engine.advance(by: .seconds(32 * 86_400))
        let chain = try await engine.subscriptionTransactions(originalTransactionId: original)
        #expect(chain.count == 2)
        #expect(chain.map(\.payload.appTransactionId) == Array(repeating: result.transaction?.payload.appTransactionId, count: 2))
        await engine.close()
        await database.close()
    }
}
