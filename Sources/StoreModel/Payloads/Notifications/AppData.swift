/// App-level data of a notification (`appData`), as in `RESCIND_CONSENT`.
public struct AppData: Codable, Hashable, Sendable {
    /// The app's Apple ID.
    public var appAppleId: Int64?
    /// The bundle identifier of the app.
    public var bundleId: String?
    /// The server environment the notification applies to.
    public var environment: AppStoreEnvironment?
    /// The app transaction as a JWS whose payload is an `AppTransaction`.
    public var signedAppTransactionInfo: String?

    /// Creates a value; every field defaults to absent.
    public init(
        appAppleId: Int64? = nil,
        bundleId: String? = nil,
        environment: AppStoreEnvironment? = nil,
        signedAppTransactionInfo: String? = nil
    ) {
        self.appAppleId = appAppleId
        self.bundleId = bundleId
        self.environment = environment
        self.signedAppTransactionInfo = signedAppTransactionInfo
    }
}
