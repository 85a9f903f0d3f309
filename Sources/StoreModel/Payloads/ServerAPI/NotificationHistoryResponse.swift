/// The response of Get Notification History: one page of notifications.
public struct NotificationHistoryResponse: Codable, Hashable, Sendable {
    /// The token that fetches the next page.
    public var paginationToken: String?
    /// Whether more notifications follow.
    public var hasMore: Bool?
    /// The notifications and their send attempts.
    public var notificationHistory: [NotificationHistoryResponseItem]?

    /// Creates a value; every field defaults to absent.
    public init(
        paginationToken: String? = nil,
        hasMore: Bool? = nil,
        notificationHistory: [NotificationHistoryResponseItem]? = nil
    ) {
        self.paginationToken = paginationToken
        self.hasMore = hasMore
        self.notificationHistory = notificationHistory
    }
}
