import Foundation
import StoreModel
import StoreStorage

/// The outbox: notifications signed when raised, with their delivery state and attempts.
extension AppStoreEngine {
    /// Notifications still to deliver, in the order they were raised.
    /// - Parameters:
    ///   - bundleId: Only this app's (`nil`: every app's).
    ///   - afterSequence: Only those after this outbox sequence number, to page through a long outbox.
    ///   - limit: At most this many.
    public func pendingNotifications(
        bundleId: String? = nil, afterSequence: Int64? = nil, limit: Int = 100
    ) async throws(AppStoreEngineError) -> [OutboxNotification] {
        try await read { tables throws(AppStoreEngineError) in
            var condition = "outbox.delivery_state = ?"
            var parameters: [SQLValue] = [.text(DeliveryState.pending.rawValue)]
            if let bundleId {
                condition += " AND outbox.bundle_id = ?"
                parameters.append(.text(bundleId))
            }
            if let afterSequence {
                condition += " AND outbox.sequence > ?"
                parameters.append(.integer(afterSequence))
            }
            return try tables.notifications(where: condition, parameters, limit: limit)
        }
    }

    /// Records one delivery attempt. Success marks the notification delivered; a failure leaves it pending
    /// when `retrying`, else marks it failed.
    /// - Parameters:
    ///   - notificationUUID: The notification.
    ///   - result: How the attempt went.
    ///   - date: When it was made (default: now).
    ///   - retrying: Whether the sender will try again after a failure.
    @discardableResult
    public func recordDeliveryAttempt(
        notificationUUID: String, result: SendAttemptResult, at date: Timestamp? = nil, retrying: Bool = true
    ) async throws(AppStoreEngineError) -> OutboxNotification {
        try await perform(catchingUp: false) { scope throws(AppStoreEngineError) in
            try Self.record(
                DeliveryAttempt(date: date ?? scope.now, result: result), of: notificationUUID, in: scope.tables
            ) { _ in result == .success ? .delivered : (retrying ? .pending : .failed) }
        }
    }

    /// Records one delivery attempt and the delivery state it leads to, decided by `resolveState` from every
    /// attempt so far (this one included) inside the same storage transaction, so that senders recording attempts
    /// to several URLs concurrently never overwrite each other's outcome.
    /// - Parameters:
    ///   - notificationUUID: The notification.
    ///   - attempt: The attempt, usually with its ``DeliveryAttempt/url``.
    ///   - resolveState: The notification's delivery state given all its attempts, oldest first.
    /// - Returns: The notification as recorded.
    @discardableResult
    public func recordDeliveryAttempt(
        notificationUUID: String, attempt: DeliveryAttempt,
        resolvingState resolveState: @escaping @Sendable ([DeliveryAttempt]) -> DeliveryState
    ) async throws(AppStoreEngineError) -> OutboxNotification {
        try await perform(catchingUp: false) { scope throws(AppStoreEngineError) in
            try Self.record(attempt, of: notificationUUID, in: scope.tables, resolveState)
        }
    }

    private static func record(
        _ attempt: DeliveryAttempt, of notificationUUID: String, in tables: EngineTables,
        _ resolveState: ([DeliveryAttempt]) -> DeliveryState
    ) throws(AppStoreEngineError) -> OutboxNotification {
        var notification = try tables.notification(uuid: notificationUUID)
        notification.attempts.append(attempt)
        notification.deliveryState = resolveState(notification.attempts)
        let failures = notification.attempts.filter { $0.result != .success }.count
        try tables.recordAttempt(
            sequence: notification.sequence, attempts: notification.attempts, state: notification.deliveryState,
            failures: failures)
        return notification
    }

    /// The notification with this UUID.
    public func notification(uuid: String) async throws(AppStoreEngineError) -> OutboxNotification {
        try await read { tables throws(AppStoreEngineError) in try tables.notification(uuid: uuid) }
    }

    /// Notifications matching a query (Get Notification History), in the order they were raised.
    public func notificationHistory(_ query: NotificationHistoryQuery) async throws(AppStoreEngineError) -> [OutboxNotification] {
        try await read { tables throws(AppStoreEngineError) in
            var conditions = ["1 = 1"]
            var parameters: [SQLValue] = []
            func add(_ condition: String, _ value: SQLValue) {
                conditions.append(condition)
                parameters.append(value)
            }
            if let bundleId = query.bundleId { add("outbox.bundle_id = ?", .text(bundleId)) }
            if let start = query.startDate { add("outbox.signed_date >= ?", .integer(start.milliseconds)) }
            if let end = query.endDate { add("outbox.signed_date < ?", .integer(end.milliseconds)) }
            if let type = query.notificationType { add("outbox.notification_type = ?", .text(type.rawValue)) }
            if let subtype = query.notificationSubtype { add("outbox.subtype = ?", .text(subtype.rawValue)) }
            if let after = query.afterSequence { add("outbox.sequence > ?", .integer(after)) }
            if let transactionId = query.transactionId {
                let original = (try? tables.transaction(transactionId))?.originalTransactionId ?? transactionId
                guard let key = EngineTables.numeric(original) else { return [] }
                add("outbox.original_transaction_id = ?", .integer(key))
            }
            if query.onlyFailures {
                conditions.append("(outbox.failures > 0 OR outbox.delivery_state = 'failed')")
            }
            return try tables.notifications(
                where: conditions.joined(separator: " AND "), parameters, limit: max(1, query.limit))
        }
    }

    /// Raises a `TEST` notification (Request a Test Notification).
    /// - Returns: The `testNotificationToken` to look it up with ``testNotification(token:)``.
    @discardableResult
    public func requestTestNotification(bundleId: String) async throws(AppStoreEngineError) -> String {
        try await perform { scope throws(AppStoreEngineError) in
            let app = try scope.app(bundleId)
            let token = UUID().uuidString.lowercased() + "_" + String(scope.now.milliseconds)
            scope.enqueue(.test, app: app, transaction: nil, testToken: token)
            return token
        }
    }

    /// The `TEST` notification a token names, with its delivery state (Get Test Notification Status).
    public func testNotification(token: String) async throws(AppStoreEngineError) -> OutboxNotification {
        try await read { tables throws(AppStoreEngineError) in
            guard let notification = try tables.notifications(where: "outbox.test_token = ?", [.text(token)], limit: 1).first
            else { throw .notificationNotFound(id: token) }
            return notification
        }
    }
}
