/// The body of Get Notification History.
public struct NotificationHistoryRequest: Codable, Hashable, Sendable {
    /// The start of the period, inclusive.
    public var startDate: Timestamp?
    /// The end of the period, exclusive.
    public var endDate: Timestamp?
    /// Only notifications of this type.
    public var notificationType: NotificationTypeV2?
    /// Only notifications of this subtype.
    public var notificationSubtype: Subtype?
    /// Only notifications about this transaction's customer and app.
    public var transactionId: String?
    /// Only notifications that did not reach the server.
    public var onlyFailures: Bool?

    /// Creates a value; every field defaults to absent.
    public init(
        startDate: Timestamp? = nil,
        endDate: Timestamp? = nil,
        notificationType: NotificationTypeV2? = nil,
        notificationSubtype: Subtype? = nil,
        transactionId: String? = nil,
        onlyFailures: Bool? = nil
    ) {
        self.startDate = startDate
        self.endDate = endDate
        self.notificationType = notificationType
        self.notificationSubtype = notificationSubtype
        self.transactionId = transactionId
        self.onlyFailures = onlyFailures
    }
}
