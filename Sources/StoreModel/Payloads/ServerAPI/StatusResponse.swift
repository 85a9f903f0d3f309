/// The response of Get All Subscription Statuses.
public struct StatusResponse: Codable, Hashable, Sendable {
    /// The server environment that answered.
    public var environment: AppStoreEnvironment?
    /// The bundle identifier of the app.
    public var bundleId: String?
    /// The app's Apple ID.
    public var appAppleId: Int64?
    /// The customer's subscriptions, by subscription group.
    public var data: [SubscriptionGroupIdentifierItem]?

    /// Creates a value; every field defaults to absent.
    public init(
        environment: AppStoreEnvironment? = nil,
        bundleId: String? = nil,
        appAppleId: Int64? = nil,
        data: [SubscriptionGroupIdentifierItem]? = nil
    ) {
        self.environment = environment
        self.bundleId = bundleId
        self.appAppleId = appAppleId
        self.data = data
    }
}
