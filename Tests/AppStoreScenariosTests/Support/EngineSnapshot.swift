import AppStoreEngine
import Foundation
import StoreModel

@testable import AppStoreScenarios

/// What an engine holds, in a form two runs can be compared by: every notification (without its UUID and
/// signature) and every transaction of every account (without the device-bound and signing fields).
struct EngineSnapshot: Equatable {
    struct Notification: Equatable {
        var sequence: Int64
        var name: String
        var status: Int32?
        var signedDate: Timestamp
        var transaction: JWSTransactionDecodedPayload?
    }

    var notifications: [Notification]
    var transactions: [String: [JWSTransactionDecodedPayload]]
    var nextDueDate: Timestamp?

    static func read(_ engine: AppStoreEngine, bundleId: String, accounts: [String]) async throws -> EngineSnapshot {
        var notifications: [Notification] = []
        while true {
            let page = try await engine.notificationHistory(
                NotificationHistoryQuery(bundleId: bundleId, afterSequence: notifications.last?.sequence ?? 0, limit: 1000))
            for outbox in page {
                let payload = JWSPayload.decode(ResponseBodyV2DecodedPayload.self, from: outbox.signedPayload)
                var transaction = payload?.data?.signedTransactionInfo.flatMap {
                    JWSPayload.decode(JWSTransactionDecodedPayload.self, from: $0)
                }
                transaction?.signedDate = nil
                notifications.append(Notification(
                    sequence: outbox.sequence, name: outbox.name, status: payload?.data?.status?.rawValue,
                    signedDate: outbox.signedDate, transaction: transaction))
            }
            if page.count < 1000 { break }
        }
        var transactions: [String: [JWSTransactionDecodedPayload]] = [:]
        for account in accounts {
            transactions[account] = try await engine.allTransactions(bundleId: bundleId, accountId: account).map { signed in
                var payload = signed.payload
                payload.signedDate = nil
                payload.deviceVerification = nil
                payload.deviceVerificationNonce = nil
                return payload
            }
        }
        return EngineSnapshot(notifications: notifications, transactions: transactions, nextDueDate: try await engine.nextDueDate())
    }
}
