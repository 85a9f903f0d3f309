import Foundation

/// The body of Send Consumption Information (V1, deprecated by Apple).
public struct ConsumptionRequestV1: Codable, Hashable, Sendable {
    /// Whether the customer consented to sharing consumption data.
    public var customerConsented: Bool?
    /// How much of the purchase the customer used.
    public var consumptionStatus: ConsumptionStatus?
    /// The platform on which the customer used the purchase.
    public var platform: Platform?
    /// Whether the app gave a free sample or trial before the purchase.
    public var sampleContentProvided: Bool?
    /// Whether the app delivered the purchase in working order.
    public var deliveryStatus: DeliveryStatusV1?
    /// The UUID of the customer's account in the app, as sent.
    public var appAccountToken: String?
    /// The age of the customer's account.
    public var accountTenure: AccountTenure?
    /// How long the customer used the app.
    public var playTime: PlayTime?
    /// The customer's lifetime refunds in the app.
    public var lifetimeDollarsRefunded: LifetimeDollarsRefunded?
    /// The customer's lifetime purchases in the app.
    public var lifetimeDollarsPurchased: LifetimeDollarsPurchased?
    /// The status of the customer's account.
    public var userStatus: UserStatus?
    /// The developer's preferred outcome of the refund request.
    public var refundPreference: RefundPreferenceV1?

    /// Creates a value; every field defaults to absent.
    public init(
        customerConsented: Bool? = nil,
        consumptionStatus: ConsumptionStatus? = nil,
        platform: Platform? = nil,
        sampleContentProvided: Bool? = nil,
        deliveryStatus: DeliveryStatusV1? = nil,
        appAccountToken: String? = nil,
        accountTenure: AccountTenure? = nil,
        playTime: PlayTime? = nil,
        lifetimeDollarsRefunded: LifetimeDollarsRefunded? = nil,
        lifetimeDollarsPurchased: LifetimeDollarsPurchased? = nil,
        userStatus: UserStatus? = nil,
        refundPreference: RefundPreferenceV1? = nil
    ) {
        self.customerConsented = customerConsented
        self.consumptionStatus = consumptionStatus
        self.platform = platform
        self.sampleContentProvided = sampleContentProvided
        self.deliveryStatus = deliveryStatus
        self.appAccountToken = appAccountToken
        self.accountTenure = accountTenure
        self.playTime = playTime
        self.lifetimeDollarsRefunded = lifetimeDollarsRefunded
        self.lifetimeDollarsPurchased = lifetimeDollarsPurchased
        self.userStatus = userStatus
        self.refundPreference = refundPreference
    }
}

extension ConsumptionRequestV1 {
    /// `appAccountToken` parsed as a UUID; nil when absent or not a UUID.
    public var appAccountTokenUUID: UUID? { appAccountToken.flatMap { UUID(uuidString: $0) } }
}
