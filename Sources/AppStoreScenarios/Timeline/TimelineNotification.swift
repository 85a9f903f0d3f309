/// A notification a step raised, as read back from the outbox.
public struct TimelineNotification: Hashable, Sendable, Encodable {
    /// The outbox sequence number.
    public var sequence: Int64
    /// `notificationUUID`.
    public var notificationUUID: String
    /// `signedDate`.
    public var time: TimelineInstant
    /// `notificationType`.
    public var notificationType: String
    /// `subtype`.
    public var subtype: String?
    /// `data.status`.
    public var status: Int32?
    /// The transaction it carries, if any.
    public var transactionId: String?
    /// Its original transaction.
    public var originalTransactionId: String?
    /// The owner of the transaction, when known.
    public var accountId: String?

    /// `TYPE` or `TYPE/SUBTYPE`.
    public var name: String { subtype.map { "\(notificationType)/\($0)" } ?? notificationType }
}
