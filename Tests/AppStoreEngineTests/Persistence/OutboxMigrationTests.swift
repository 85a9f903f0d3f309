import Foundation
import StoreModel
import StoreStorage
import Testing

@testable import AppStoreEngine

/// Schema migration 2 (notification UUIDs derived from the outbox sequence) on a store written by schema 1, on
/// SQLite and, when `TIENDA_PG_CONNINFO` names a server, PostgreSQL.
@Suite struct OutboxMigrationTests {
    static let legacyUUID = "9ad56bd2-0bc6-42e0-af24-fd996d87a1e6"
    static let legacyPayload = #"{"notificationType":"TEST","notificationUUID":"9ad56bd2-0bc6-42e0-af24-fd996d87a1e6","signedDate":1681314324000,"version":"2.0"}"#

    @Test(arguments: MigrationBackend.available)
    func notificationsWrittenBeforeKeepTheirUUIDsAndNewOnesAreDerived(backend: MigrationBackend) async throws {
        try await backend.withDatabase { database in
            // A store as schema 1 left it: one notification with a random UUID in the outbox.
            try await database.migrate([EngineSchema.migrations[0]])
            let header = Base64URL.encode(Array(#"{"alg":"ES256"}"#.utf8))
            try await database.execute("INSERT INTO signing_headers (id, header) VALUES (1, ?)", [.text(header)])
            try await database.execute(
                """
                INSERT INTO outbox (sequence, uuid, bundle_id, environment, notification_type, subtype, transaction_id,
                    original_transaction_id, signed_date, delivery_state, failures, attempts, header_id, payload,
                    signature, test_token) VALUES (1, ?, ?, 'Sandbox', 'TEST', NULL, NULL, NULL, 1681314324000,
                    'pending', 0, NULL, 1, ?, 'c2lnbmF0dXJl', 'legacy-token')
                """,
                [.text(Self.legacyUUID), .text(EngineHarness.bundleId), .blob(Data(Self.legacyPayload.utf8))])
            try await database.execute("INSERT INTO engine_counters (name, next_value) VALUES ('outbox_sequence', 2)")

            let engine = try await AppStoreEngine(configuration: .init(storage: .database(database), clock: VirtualClock()))
            try await engine.registerApp(AppRegistration(
                bundleId: EngineHarness.bundleId, appAppleId: 1_234_567_890, environment: .sandbox, bundleVersion: "42",
                catalogFile: EngineHarness.catalogURL))
            let legacy = try await engine.notification(uuid: Self.legacyUUID.uppercased())
            #expect(legacy.sequence == 1 && legacy.notificationUUID == Self.legacyUUID)
            #expect(legacy.signedPayload.split(separator: ".").dropFirst().first.map(String.init)
                == Base64URL.encode(Array(Self.legacyPayload.utf8)))

            let token = try await engine.requestTestNotification(bundleId: EngineHarness.bundleId)
            let fresh = try await engine.testNotification(token: token)
            #expect(fresh.sequence == 2 && fresh.notificationUUID != Self.legacyUUID)
            #expect(UUID(uuidString: fresh.notificationUUID)?.uuidString.lowercased() == fresh.notificationUUID)
            let payload = try #require(Base64URL.decode(String(fresh.signedPayload.split(separator: ".")[1])))
            #expect(String(decoding: payload, as: UTF8.self).contains("\"notificationUUID\":\"\(fresh.notificationUUID)\""))
            #expect(try await engine.notification(uuid: fresh.notificationUUID.uppercased()).sequence == 2)

            try await engine.recordDeliveryAttempt(notificationUUID: Self.legacyUUID, result: .success)
            try await engine.recordDeliveryAttempt(notificationUUID: fresh.notificationUUID, result: .timedOut)
            #expect(try await engine.notification(uuid: Self.legacyUUID).deliveryState == .delivered)
            #expect(try await engine.pendingNotifications().map(\.sequence) == [2])
            let history = try await engine.notificationHistory(NotificationHistoryQuery(limit: 10))
            #expect(history.map(\.notificationUUID) == [Self.legacyUUID, fresh.notificationUUID])

            // Migration 3: a chain's transactions and an account's updates found through the account.
            try await engine.createAccount(Account(id: "alice"))
            let result = try await engine.purchase(PurchaseRequest(
                bundleId: EngineHarness.bundleId, accountId: "alice", productId: EngineHarness.monthly))
            let original = try #require(result.transaction?.transactionId)
            try await engine.advance(by: .seconds(32 * 86_400))
            let chain = try await engine.subscriptionTransactions(originalTransactionId: original)
            #expect(chain.count == 2 && chain.allSatisfy { $0.payload.originalTransactionId == original })
            let updates = try await engine.transactionUpdates(bundleId: EngineHarness.bundleId, accountId: "alice")
            #expect(updates.updates.map(\.transaction.payload.transactionId) == [chain[1].payload.transactionId])
            let renewals = try await engine.notificationHistory(NotificationHistoryQuery(notificationType: .didRenew))
            let renewal = try #require(renewals.first)
            #expect(try await engine.notification(uuid: renewal.notificationUUID).sequence == renewal.sequence)
            try await engine.deleteTransaction(original)
            #expect(try await engine.subscriptionTransactions(originalTransactionId: original).isEmpty)
            #expect(try await engine.transactionUpdates(bundleId: EngineHarness.bundleId, accountId: "alice").updates.isEmpty)
            let deleted = try await engine.notification(uuid: renewal.notificationUUID)
            #expect(deleted.signedPayload == renewal.signedPayload)
            await engine.close()
        }
    }

    @Test(arguments: MigrationBackend.available)
    func eachStoreDrawsItsOwnKey(backend: MigrationBackend) async throws {
        var keys: [Int64] = []
        for _ in 0..<2 {
            try await backend.withDatabase { database in
                try await database.migrate(EngineSchema.migrations)
                let rows = try await database.query(
                    "SELECT next_value FROM engine_counters WHERE name = ?", [.text(EngineCounters.notificationUUIDKeyName)])
                keys.append(try #require(rows.first).int64("next_value"))
            }
        }
        #expect(keys.count == 2 && keys[0] != keys[1])
    }
}
