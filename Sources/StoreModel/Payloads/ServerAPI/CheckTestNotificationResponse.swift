/// The response of Get Test Notification Status.
public struct CheckTestNotificationResponse: Codable, Hashable, Sendable {
    /// The test notification as a JWS whose payload is a `ResponseBodyV2DecodedPayload`.
    public var signedPayload: String?
    /// The attempts to send the notification.
    public var sendAttempts: [SendAttemptItem]?

    /// Creates a value; every field defaults to absent.
    public init(signedPayload: String? = nil, sendAttempts: [SendAttemptItem]? = nil) {
        self.signedPayload = signedPayload
        self.sendAttempts = sendAttempts
    }
}
