/// The response of Request a Test Notification.
public struct SendTestNotificationResponse: Codable, Hashable, Sendable {
    /// The token that identifies the test notification.
    public var testNotificationToken: String?

    /// Creates a value; every field defaults to absent.
    public init(testNotificationToken: String? = nil) {
        self.testNotificationToken = testNotificationToken
    }
}
