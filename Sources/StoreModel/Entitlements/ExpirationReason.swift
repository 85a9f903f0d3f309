/// StoreKit's `Product.SubscriptionInfo.RenewalInfo.ExpirationReason`, and how it relates to the server's
/// ``ExpirationIntent`` and the subtype of an `EXPIRED` notification (§3.5).
public enum ExpirationReason: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// The customer turned auto-renew off (intent 1, `EXPIRED/VOLUNTARY`).
    case autoRenewDisabled
    /// Billing failed and retry ran out (intent 2, `EXPIRED/BILLING_RETRY`).
    case billingError
    /// The customer did not consent to a price increase (intent 3, `EXPIRED/PRICE_INCREASE`).
    case didNotConsentToPriceIncrease
    /// The product was not for sale at renewal (intent 4, `EXPIRED/PRODUCT_NOT_FOR_SALE`).
    case productUnavailable
    /// Another reason (intent 5, `EXPIRED` with no subtype).
    case unknown

    /// The reason for a server expiration intent (unknown intents read as ``unknown``).
    public init(intent: ExpirationIntent) {
        switch intent {
        case .customerCancelled: self = .autoRenewDisabled
        case .billingError: self = .billingError
        case .customerDidNotConsentToPriceIncrease: self = .didNotConsentToPriceIncrease
        case .productNotAvailable: self = .productUnavailable
        default: self = .unknown
        }
    }

    /// The server expiration intent.
    public var intent: ExpirationIntent {
        switch self {
        case .autoRenewDisabled: return .customerCancelled
        case .billingError: return .billingError
        case .didNotConsentToPriceIncrease: return .customerDidNotConsentToPriceIncrease
        case .productUnavailable: return .productNotAvailable
        case .unknown: return .other
        }
    }

    /// The subtype of the `EXPIRED` notification sent for this reason (`nil` for ``unknown``).
    public var expiredSubtype: Subtype? {
        switch self {
        case .autoRenewDisabled: return .voluntary
        case .billingError: return .billingRetry
        case .didNotConsentToPriceIncrease: return .priceIncrease
        case .productUnavailable: return .productNotForSale
        case .unknown: return nil
        }
    }

    /// The StoreKit name.
    public var description: String { rawValue }
}
