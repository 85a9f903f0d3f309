/// One notification in the notification history.
public struct NotificationHistoryResponseItem: Codable, Hashable, Sendable {
    /// The notification as a JWS whose payload is a `ResponseBodyV2DecodedPayload`.
    public var signedPayload: String?
    /// The attempts to send the notification.
    public var sendAttempts: [SendAttemptItem]?

    /// Creates a value; every field defaults to absent.
    public init(signedPayload: String? = nil, sendAttempts: [SendAttemptItem]? = nil) {
        self.signedPayload = signedPayload
        self.sendAttempts = sendAttempts
    }
}
