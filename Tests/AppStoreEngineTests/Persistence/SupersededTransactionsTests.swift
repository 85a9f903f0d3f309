import Foundation
import StoreCrypto
import StoreModel
import StoreStorage
import Testing

@testable import AppStoreEngine

/// Schema migration 7 (superseded transaction JSON kept apart from the outbox), on SQLite and, when
/// `TIENDA_PG_CONNINFO` names a server, PostgreSQL: a transaction that changes leaves the notifications about it
/// as they were stored, each still a reference to the row, and each still reads as it was signed, through any
/// number of changes and after the transaction goes.
@Suite struct SupersededTransactionsTests {
    /// Whether each outbox row refers to its transaction's row, in sequence order.
    static func references(in database: any SQLDatabase) async throws -> [Bool] {
        try await database.query("SELECT payload FROM outbox ORDER BY sequence").map { row in
            StoredJWS(storedPayload: [UInt8](try row.data("payload")), signature: "").referencesTransaction
        }
    }

    /// The sequence numbers of the notifications whose transaction JSON is kept apart.
    static func kept(in database: any SQLDatabase) async throws -> [Int64] {
        try await database.query("SELECT sequence FROM superseded_transactions ORDER BY sequence").map { row in
            try row.int64("sequence")
        }
    }

    @Test(arguments: MigrationBackend.available)
    func aChangingTransactionLeavesItsNotificationsAsStored(backend: MigrationBackend) async throws {
        try await backend.withDatabase { database in
            let engine = try await EngineHarness.engine(on: database, accounts: ["alice"])
            let bought = try await engine.purchase(PurchaseRequest(
                bundleId: EngineHarness.bundleId, accountId: "alice", productId: EngineHarness.coins))
            let coins = try #require(bought.transaction?.transactionId)
            func history() async throws -> [OutboxNotification] {
                try await engine.notificationHistory(NotificationHistoryQuery(limit: 100))
            }
            let charged = try await history().map(\.signedPayload)
            #expect(charged.count == 1)
            #expect(try await Self.kept(in: database).isEmpty)

            // Refunded, reversed and refunded again: four versions of one row, each notification signed with its own.
            try await engine.refund(transactionId: coins)
            let refunded = try await history().map(\.signedPayload)
            try await engine.reverseRefund(transactionId: coins)
            try await engine.refund(transactionId: coins)
            let notifications = try await history()
            #expect(notifications.map(\.notificationType) == [.oneTimeCharge, .refund, .refundReversed, .refund])
            #expect(Array(notifications.prefix(2).map(\.signedPayload)) == refunded)
            #expect(Array(refunded.prefix(1)) == charged)
            let signed = notifications.map(\.signedPayload)
            #expect(Set(signed).count == 4)

            // No notification row was rewritten: all still refer to the row, three with their JSON kept apart.
            #expect(try await Self.references(in: database) == [true, true, true, true])
            let sequences = notifications.map(\.sequence)
            #expect(try await Self.kept(in: database) == Array(sequences.prefix(3)))

            // Each reads as signed: its transaction is the version it was raised with.
            let revoked = try notifications.map { notification in
                let outer = try AppleJSON.decode(
                    ResponseBodyV2DecodedPayload.self, from: try CompactJWS(parsing: notification.signedPayload).payload)
                let inner = try CompactJWS(parsing: try #require(outer.data?.signedTransactionInfo))
                return try AppleJSON.decode(JWSTransactionDecodedPayload.self, from: inner.payload).revocationDate != nil
            }
            #expect(revoked == [false, true, false, true])

            // When the transaction goes, each notification takes its own JSON and nothing stays kept apart.
            try await engine.deleteTransaction(coins)
            #expect(try await history().map(\.signedPayload) == signed)
            #expect(try await Self.references(in: database) == [false, false, false, false])
            #expect(try await Self.kept(in: database).isEmpty)
            await engine.close()
        }
    }
}
