/// One attempt to send a notification to the developer's server.
public struct SendAttemptItem: Codable, Hashable, Sendable {
    /// When the App Store attempted to send the notification.
    public var attemptDate: Timestamp?
    /// The outcome of the attempt.
    public var sendAttemptResult: SendAttemptResult?

    /// Creates a value; every field defaults to absent.
    public init(attemptDate: Timestamp? = nil, sendAttemptResult: SendAttemptResult? = nil) {
        self.attemptDate = attemptDate
        self.sendAttemptResult = sendAttemptResult
    }
}
