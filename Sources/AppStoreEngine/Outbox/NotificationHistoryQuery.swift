import StoreModel

/// A filter over the outbox, like the App Store Server API's Get Notification History request.
///
/// ```swift
/// let failures = try await engine.notificationHistory(NotificationHistoryQuery(
///     bundleId: app, startDate: yesterday, endDate: now, onlyFailures: true))
/// ```
public struct NotificationHistoryQuery: Hashable, Sendable {
    /// The app (`nil`: every app).
    public var bundleId: String?
    /// The earliest `signedDate`, inclusive.
    public var startDate: Timestamp?
    /// The latest `signedDate`, exclusive.
    public var endDate: Timestamp?
    /// Only this type.
    public var notificationType: NotificationTypeV2?
    /// Only this subtype.
    public var notificationSubtype: Subtype?
    /// Only notifications about this transaction or any transaction of its chain (`transactionId` in Apple's
    /// request: the original transaction ID or any of its transactions).
    public var transactionId: String?
    /// Only notifications with at least one failed attempt, or that failed.
    public var onlyFailures: Bool
    /// Start after this sequence number (pagination).
    public var afterSequence: Int64?
    /// At most this many.
    public var limit: Int

    /// Creates a query; every filter defaults to off, and at most 20 results, like Apple's pages.
    public init(
        bundleId: String? = nil, startDate: Timestamp? = nil, endDate: Timestamp? = nil,
        notificationType: NotificationTypeV2? = nil, notificationSubtype: Subtype? = nil,
        transactionId: String? = nil, onlyFailures: Bool = false, afterSequence: Int64? = nil, limit: Int = 20
    ) {
        self.bundleId = bundleId
        self.startDate = startDate
        self.endDate = endDate
        self.notificationType = notificationType
        self.notificationSubtype = notificationSubtype
        self.transactionId = transactionId
        self.onlyFailures = onlyFailures
        self.afterSequence = afterSequence
        self.limit = limit
    }
}
