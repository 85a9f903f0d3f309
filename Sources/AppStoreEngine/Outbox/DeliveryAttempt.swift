import StoreModel

/// One attempt to deliver a notification.
public struct DeliveryAttempt: Hashable, Sendable, Codable {
    /// When the attempt was made.
    public var date: Timestamp
    /// How it went.
    public var result: SendAttemptResult

    /// Creates an attempt.
    public init(date: Timestamp, result: SendAttemptResult) {
        self.date = date
        self.result = result
    }
}
