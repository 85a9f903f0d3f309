/// Further detail about an App Store Server Notification V2.
///
/// Wire values (strings): `INITIAL_BUY`, `RESUBSCRIBE`, `DOWNGRADE`, `UPGRADE`, `AUTO_RENEW_ENABLED`,
/// `AUTO_RENEW_DISABLED`, `VOLUNTARY`, `BILLING_RETRY`, `PRICE_INCREASE`, `GRACE_PERIOD`, `PENDING`, `ACCEPTED`,
/// `BILLING_RECOVERY`, `PRODUCT_NOT_FOR_SALE`, `SUMMARY`, `FAILURE`, `UNREPORTED`.
public struct Subtype: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The customer subscribed for the first time to the group (`INITIAL_BUY`).
    public static let initialBuy = Subtype(rawValue: "INITIAL_BUY")
    /// The customer resubscribed to the group (`RESUBSCRIBE`).
    public static let resubscribe = Subtype(rawValue: "RESUBSCRIBE")
    /// The customer downgraded; it takes effect at the next renewal (`DOWNGRADE`).
    public static let downgrade = Subtype(rawValue: "DOWNGRADE")
    /// The customer upgraded; it takes effect immediately (`UPGRADE`).
    public static let upgrade = Subtype(rawValue: "UPGRADE")
    /// The customer turned automatic renewal on (`AUTO_RENEW_ENABLED`).
    public static let autoRenewEnabled = Subtype(rawValue: "AUTO_RENEW_ENABLED")
    /// Automatic renewal was turned off (`AUTO_RENEW_DISABLED`).
    public static let autoRenewDisabled = Subtype(rawValue: "AUTO_RENEW_DISABLED")
    /// The subscription expired after the customer turned off renewal (`VOLUNTARY`).
    public static let voluntary = Subtype(rawValue: "VOLUNTARY")
    /// The subscription expired after billing retry ended (`BILLING_RETRY`).
    public static let billingRetry = Subtype(rawValue: "BILLING_RETRY")
    /// The subscription expired because the customer did not consent to a price increase (`PRICE_INCREASE`).
    public static let priceIncrease = Subtype(rawValue: "PRICE_INCREASE")
    /// The renewal failed and the subscription is in the billing grace period (`GRACE_PERIOD`).
    public static let gracePeriod = Subtype(rawValue: "GRACE_PERIOD")
    /// The customer has not yet responded to a price increase (`PENDING`).
    public static let pending = Subtype(rawValue: "PENDING")
    /// The customer consented to a price increase, or it needed no consent (`ACCEPTED`).
    public static let accepted = Subtype(rawValue: "ACCEPTED")
    /// A subscription that failed to renew earlier renewed (`BILLING_RECOVERY`).
    public static let billingRecovery = Subtype(rawValue: "BILLING_RECOVERY")
    /// The subscription expired because the product was not for sale (`PRODUCT_NOT_FOR_SALE`).
    public static let productNotForSale = Subtype(rawValue: "PRODUCT_NOT_FOR_SALE")
    /// A mass renewal-date extension finished; the notification carries a summary (`SUMMARY`).
    public static let summary = Subtype(rawValue: "SUMMARY")
    /// A renewal-date extension failed for one subscription (`FAILURE`).
    public static let failure = Subtype(rawValue: "FAILURE")
    /// An external purchase token was not reported (`UNREPORTED`).
    public static let unreported = Subtype(rawValue: "UNREPORTED")

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [Subtype] = [
        .initialBuy, .resubscribe, .downgrade, .upgrade, .autoRenewEnabled, .autoRenewDisabled, .voluntary,
        .billingRetry, .priceIncrease, .gracePeriod, .pending, .accepted, .billingRecovery, .productNotForSale,
        .summary, .failure, .unreported
    ]
}
