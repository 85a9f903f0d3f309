import AppStoreEngine
import Foundation
import StoreModel

/// Which attempts are due now, per URL and in sending order, and when the next one falls due: a pure function
/// of the pending notifications, their attempts, the schedule, the faults and the clock's now.
struct DeliveryPlan: Sendable {
    /// One attempt to make.
    struct Item: Sendable {
        /// The notification.
        var notification: OutboxNotification
        /// 1-based, per URL.
        var attemptNumber: Int
        /// Whether the drop fault swallows it.
        var dropped: Bool
        /// When it fell due.
        var dueDate: Timestamp
    }

    /// The attempts due, per configured URL, in the order to send them.
    private(set) var items: [(url: URL, items: [Item])] = []
    /// The earliest due date of anything not due yet (or held by the reorder fault).
    private(set) var nextDueDate: Timestamp?

    /// Plans a round at `now`.
    /// - Parameters:
    ///   - pending: The outbox's pending notifications, in outbox order.
    ///   - rates: Each app's time rate, by bundle identifier (real time when missing).
    init(
        pending: [OutboxNotification], urls: [URL], schedule: DeliverySchedule, faults: DeliveryFaults, now: Timestamp,
        rates: [String: TimeRate]
    ) {
        for url in urls {
            var retries: [Item] = []
            var firsts: [Item] = []
            for notification in pending {
                let progress = URLDeliveryProgress(notification.attempts, url: url.absoluteString)
                let due = progress.nextAttemptDate(
                    firstDue: notification.signedDate.adding(faults.delay), schedule: schedule,
                    environment: notification.environment, rate: rates[notification.bundleId] ?? .realTime)
                guard let due else { continue }
                guard due <= now else {
                    consider(due)
                    continue
                }
                let number = progress.attempts.count + 1
                let item = Item(notification: notification, attemptNumber: number, dropped: faults.drop.drops(attempt: number), dueDate: due)
                if number == 1 { firsts.append(item) } else { retries.append(item) }
            }
            if let reorder = faults.reorder, !firsts.isEmpty {
                let releaseDate = firsts.map(\.dueDate).min()!.adding(reorder.maximumHold)
                if firsts.count < reorder.batchSize && now < releaseDate {
                    consider(releaseDate)
                    firsts = []
                } else {
                    firsts.reverse()
                }
                items.append((url, retries + firsts))
            } else {
                items.append((url, (retries + firsts).sorted { $0.notification.sequence < $1.notification.sequence }))
            }
        }
    }

    private mutating func consider(_ date: Timestamp) {
        nextDueDate = nextDueDate.map { min($0, date) } ?? date
    }
}
