import StoreModel

/// One attempt to deliver a notification.
public struct DeliveryAttempt: Hashable, Sendable, Codable {
    /// When the attempt was made.
    public var date: Timestamp
    /// How it went.
    public var result: SendAttemptResult
    /// The URL the notification was sent to, when the sender records it (a sender with several URLs keeps one
    /// delivery state per URL); `nil` for attempts recorded without one.
    public var url: String?
    /// The HTTP status the server answered with, when a response arrived and the sender records it.
    public var statusCode: Int?

    /// Creates an attempt.
    public init(date: Timestamp, result: SendAttemptResult, url: String? = nil, statusCode: Int? = nil) {
        self.date = date
        self.result = result
        self.url = url
        self.statusCode = statusCode
    }
}
