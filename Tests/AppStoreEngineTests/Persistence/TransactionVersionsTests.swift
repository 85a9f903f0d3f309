import Foundation
import StoreCrypto
import StoreModel
import StoreStorage
import Testing

@testable import AppStoreEngine

/// Transaction versions (schema migration 9), on SQLite and, when `TIENDA_PG_CONNINFO` names a server, PostgreSQL:
/// a transaction that changes leaves the notifications about it as they were stored, each still a reference to the
/// row, and each still reads as it was signed, through any number of changes and after the transaction goes; a store
/// that kept superseded JSON per notification (schema 8) reads the same after the migration.
@Suite struct TransactionVersionsTests {
    /// Whether each outbox row refers to its transaction's row, in sequence order.
    static func references(in database: any SQLDatabase) async throws -> [Bool] {
        try await database.query("SELECT payload FROM outbox ORDER BY sequence").map { row in
            StoredJWS(storedPayload: [UInt8](try row.data("payload")), signature: "").referencesTransaction
        }
    }

    /// The first outbox sequence number each kept version no longer applies to, in order.
    static func versions(in database: any SQLDatabase) async throws -> [Int64] {
        try await database.query("SELECT before_sequence FROM transaction_versions ORDER BY before_sequence").map { row in
            try row.int64("before_sequence")
        }
    }

    /// A one-time purchase charged, refunded, reversed and refunded again: four notifications, each signed with its
    /// own version of one row.
    static func refundedTwice(on database: any SQLDatabase) async throws -> (AppStoreEngine, String, [OutboxNotification]) {
        let engine = try await EngineHarness.engine(on: database, accounts: ["alice"])
        let bought = try await engine.purchase(PurchaseRequest(
            bundleId: EngineHarness.bundleId, accountId: "alice", productId: EngineHarness.coins))
        let coins = try #require(bought.transaction?.transactionId)
        let charged = try await engine.notificationHistory(NotificationHistoryQuery(limit: 100)).map(\.signedPayload)
        #expect(charged.count == 1)
        #expect(try await Self.versions(in: database).isEmpty)

        try await engine.refund(transactionId: coins)
        let refunded = try await engine.notificationHistory(NotificationHistoryQuery(limit: 100)).map(\.signedPayload)
        #expect(Array(refunded.prefix(1)) == charged)
        try await engine.reverseRefund(transactionId: coins)
        try await engine.refund(transactionId: coins)
        let notifications = try await engine.notificationHistory(NotificationHistoryQuery(limit: 100))
        #expect(notifications.map(\.notificationType) == [.oneTimeCharge, .refund, .refundReversed, .refund])
        #expect(Array(notifications.prefix(2).map(\.signedPayload)) == refunded)
        return (engine, coins, notifications)
    }

    /// Whether each notification's transaction was revoked, as its signed payload says.
    static func revoked(_ notifications: [OutboxNotification]) throws -> [Bool] {
        try notifications.map { notification in
            let outer = try AppleJSON.decode(
                ResponseBodyV2DecodedPayload.self, from: try CompactJWS(parsing: notification.signedPayload).payload)
            let inner = try CompactJWS(parsing: try #require(outer.data?.signedTransactionInfo))
            return try AppleJSON.decode(JWSTransactionDecodedPayload.self, from: inner.payload).revocationDate != nil
        }
    }

    @Test(arguments: MigrationBackend.available)
    func aChangingTransactionLeavesItsNotificationsAsStored(backend: MigrationBackend) async throws {
        try await backend.withDatabase { database in
            let (engine, coins, notifications) = try await Self.refundedTwice(on: database)
            let signed = notifications.map(\.signedPayload)
            #expect(Set(signed).count == 4)

            // No notification row was rewritten: all still refer to the row. Each change kept the JSON before it
            // for the notifications raised until then, the version ending where the next notification starts.
            #expect(try await Self.references(in: database) == [true, true, true, true])
            let sequences = notifications.map(\.sequence)
            #expect(try await Self.versions(in: database) == Array(sequences.dropFirst()))

            // Each reads as signed: its transaction is the version it was raised with.
            #expect(try Self.revoked(notifications) == [false, true, false, true])

            // When the transaction goes, its last JSON is kept for every notification raised before, and each
            // notification still reads as signed without its row being rewritten.
            try await engine.deleteTransaction(coins)
            #expect(try await engine.notificationHistory(NotificationHistoryQuery(limit: 100)).map(\.signedPayload) == signed)
            #expect(try await Self.references(in: database) == [true, true, true, true])
            #expect(try await Self.versions(in: database) == Array(sequences.dropFirst()) + [EngineTables.finalVersion])
            await engine.close()
        }
    }

    @Test(arguments: MigrationBackend.available)
    func aStoreThatKeptJSONPerNotificationReadsTheSameAfterTheMigration(backend: MigrationBackend) async throws {
        try await backend.withDatabase { database in
            let (engine, _, notifications) = try await Self.refundedTwice(on: database)

            // The same store as schema 8 kept it: the JSON each notification was signed with, when its transaction
            // changed since, in a row of its own keyed by the notification's sequence number.
            let blob = database.dialect == .sqlite ? "BLOB" : "BYTEA"
            try await database.execute(
                "CREATE TABLE superseded_transactions (sequence BIGINT PRIMARY KEY, payload \(blob) NOT NULL)")
            try await database.execute(
                """
                INSERT INTO superseded_transactions (sequence, payload)
                SELECT outbox.sequence, \(EngineTables.transactionVersion) FROM outbox
                WHERE \(EngineTables.transactionVersion) IS NOT NULL
                """)
            try await database.execute("DROP TABLE transaction_versions")
            try await database.execute(
                "CREATE INDEX outbox_transaction ON outbox (transaction_id) WHERE transaction_id IS NOT NULL")
            try await database.execute("DELETE FROM schema_migrations WHERE version = 9")
            let kept = try await database.query("SELECT sequence FROM superseded_transactions ORDER BY sequence")
                .map { try $0.int64("sequence") }
            #expect(kept == Array(notifications.prefix(3).map(\.sequence)))

            // Migrated, each notification's JSON becomes the version just past it, and every one reads as signed.
            try await database.migrate(EngineSchema.migrations)
            #expect(try await Self.versions(in: database) == kept.map { $0 + 1 })
            let read = try await engine.notificationHistory(NotificationHistoryQuery(limit: 100))
            #expect(read.map(\.signedPayload) == notifications.map(\.signedPayload))
            #expect(try Self.revoked(read) == [false, true, false, true])
            let index = try await database.query(
                database.dialect == .sqlite
                    ? "SELECT name FROM sqlite_master WHERE name = 'outbox_transaction'"
                    : "SELECT indexname AS name FROM pg_indexes WHERE indexname = 'outbox_transaction' AND schemaname = current_schema()")
            #expect(index.isEmpty)
            await engine.close()
        }
    }
}
