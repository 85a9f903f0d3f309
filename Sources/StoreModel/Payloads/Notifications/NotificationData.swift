/// The app and signed transaction data of a notification (`data`; Python calls it `Data`).
public struct NotificationData: Codable, Hashable, Sendable {
    /// The server environment the notification applies to.
    public var environment: AppStoreEnvironment?
    /// The app's Apple ID.
    public var appAppleId: Int64?
    /// The bundle identifier of the app.
    public var bundleId: String?
    /// The build version of the app.
    public var bundleVersion: String?
    /// The transaction as a JWS whose payload is a `JWSTransactionDecodedPayload`.
    public var signedTransactionInfo: String?
    /// The renewal information as a JWS whose payload is a `JWSRenewalInfoDecodedPayload`.
    public var signedRenewalInfo: String?
    /// The status of the subscription.
    public var status: Status?
    /// The customer's reason for a refund request.
    public var consumptionRequestReason: ConsumptionRequestReason?

    /// Creates a value; every field defaults to absent.
    public init(
        environment: AppStoreEnvironment? = nil,
        appAppleId: Int64? = nil,
        bundleId: String? = nil,
        bundleVersion: String? = nil,
        signedTransactionInfo: String? = nil,
        signedRenewalInfo: String? = nil,
        status: Status? = nil,
        consumptionRequestReason: ConsumptionRequestReason? = nil
    ) {
        self.environment = environment
        self.appAppleId = appAppleId
        self.bundleId = bundleId
        self.bundleVersion = bundleVersion
        self.signedTransactionInfo = signedTransactionInfo
        self.signedRenewalInfo = signedRenewalInfo
        self.status = status
        self.consumptionRequestReason = consumptionRequestReason
    }
}
