import StoreModel

/// A notification in the outbox: signed when it was enqueued, waiting for (or done with) delivery.
public struct OutboxNotification: Hashable, Sendable {
    /// The outbox order: notifications of one engine are numbered in the order they were raised.
    public var sequence: Int64
    /// `notificationUUID` (lowercase UUID v4).
    public var notificationUUID: String
    /// The app.
    public var bundleId: String
    /// The environment.
    public var environment: AppStoreEnvironment
    /// `notificationType`.
    public var notificationType: NotificationTypeV2
    /// `subtype`.
    public var subtype: Subtype?
    /// The transaction the notification carries, if any.
    public var transactionId: String?
    /// Its original transaction.
    public var originalTransactionId: String?
    /// `signedDate`: when it was raised and signed.
    public var signedDate: Timestamp
    /// The body to POST: `{"signedPayload": "<this>"}`.
    public var signedPayload: String
    /// Where delivery stands.
    public var deliveryState: DeliveryState
    /// The delivery attempts so far, oldest first.
    public var attempts: [DeliveryAttempt]

    /// `TYPE` or `TYPE/SUBTYPE`.
    public var name: String {
        subtype.map { "\(notificationType.rawValue)/\($0.rawValue)" } ?? notificationType.rawValue
    }
}
