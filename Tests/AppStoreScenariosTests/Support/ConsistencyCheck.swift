import AppStoreEngine
import Foundation
import StoreModel
import Testing

@testable import AppStoreScenarios

/// The checks run on a state directory reopened after a SIGKILL: what was reported is there, and nothing is
/// half done.
struct ConsistencyCheck {
    let engine: AppStoreEngine
    let snapshot: EngineSnapshot
    let bundleId: String

    /// Every step reported as committed is fully there: its notifications (same UUID, sequence and name) and its
    /// transactions.
    func reportedStepsArePresent(_ reported: ReportedProgress, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for step in reported.steps {
            for notification in step.notifications {
                let stored = try await engine.notification(uuid: notification.uuid)
                #expect(stored.sequence == notification.sequence && stored.name == notification.name,
                    "steps[\(step.index)]: \(notification.name)", sourceLocation: sourceLocation)
            }
            for transaction in step.transactions {
                #expect(try await engine.transaction(transaction.id).transactionId == transaction.id, sourceLocation: sourceLocation)
            }
        }
    }

    /// Outbox sequence numbers and transaction IDs run without gaps (a rolled-back operation takes none; a
    /// committed one's are never reused), every transaction is carried by a notification, and the last
    /// notification of each transaction carries it exactly as stored.
    func nothingIsHalfDone(sourceLocation: SourceLocation = #_sourceLocation) {
        let sequences = snapshot.notifications.map(\.sequence)
        #expect(sequences == (0..<sequences.count).map { Int64($0 + 1) }, "outbox sequences have gaps", sourceLocation: sourceLocation)
        let stored = snapshot.transactions.values.flatMap { $0 }
        let ids = stored.compactMap(\.transactionId).compactMap { Int64($0) }.sorted()
        let first = TransactionIdentifierGenerator.firstTransactionId
        #expect(ids == Array(first..<first + Int64(ids.count)), "transaction IDs have gaps or repeats", sourceLocation: sourceLocation)
        var lastCarried: [String: JWSTransactionDecodedPayload] = [:]
        for notification in snapshot.notifications {
            if let transaction = notification.transaction { lastCarried[transaction.transactionId ?? ""] = transaction }
        }
        for transaction in stored {
            let id = transaction.transactionId ?? ""
            #expect(lastCarried[id] == transaction, "transaction \(id) differs from its last notification", sourceLocation: sourceLocation)
        }
    }

    /// Each subscription's state matches its last transaction and its last notification, and every running
    /// subscription waits for a due event no earlier than the last reported clock.
    func chainsAreConsistent(accounts: [String], clock: Timestamp, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        var running = 0
        for account in accounts {
            for status in try await engine.subscriptionStatuses(bundleId: bundleId, accountId: account) {
                let chain = status.originalTransactionId
                let latest = snapshot.transactions[account, default: []].filter { $0.originalTransactionId == chain }
                    .compactMap(\.transactionId).max { TransactionIdentifier.isOrdered($0, before: $1) }
                #expect(status.transaction.transactionId == latest, "chain \(chain)", sourceLocation: sourceLocation)
                let last = snapshot.notifications.last { $0.transaction?.originalTransactionId == chain && $0.status != nil }
                #expect(last?.status == status.state.status.rawValue, "chain \(chain) is \(status.state)", sourceLocation: sourceLocation)
                if status.state != .expired && status.state != .revoked { running += 1 }
            }
        }
        if running > 0 {
            let due = try #require(snapshot.nextDueDate, sourceLocation: sourceLocation)
            #expect(due >= clock, sourceLocation: sourceLocation)
        }
    }
}
