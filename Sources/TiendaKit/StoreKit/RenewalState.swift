extension Product.SubscriptionInfo {
    /// Where a subscription stands (`Product.SubscriptionInfo.RenewalState`).
    ///
    /// StoreKit declares it as a struct; here it is an enum whose raw values are the App Store Server API's
    /// status codes (1–5), so `switch` statements written for StoreKit, `@unknown default` included, compile
    /// unchanged. `subscribed` and `inGracePeriod` grant access; the others do not.
    public enum RenewalState: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// Paid up and renewing or set to expire at the period's end (status 1).
        case subscribed = 1
        /// Expired (status 2).
        case expired = 2
        /// Renewal failed and the App Store keeps retrying; no access (status 3).
        case inBillingRetryPeriod = 3
        /// Renewal failed but the billing grace period keeps access (status 4).
        case inGracePeriod = 4
        /// Refunded or revoked (status 5).
        case revoked = 5

        /// Whether the state grants access: ``subscribed`` and ``inGracePeriod``.
        public var isEntitled: Bool { self == .subscribed || self == .inGracePeriod }

        /// The state's name: `subscribed`, `expired`, `inBillingRetryPeriod`, `inGracePeriod`, `revoked`.
        public var localizedDescription: String { description }

        /// The state's name.
        public var description: String {
            switch self {
            case .subscribed: "subscribed"
            case .expired: "expired"
            case .inBillingRetryPeriod: "inBillingRetryPeriod"
            case .inGracePeriod: "inGracePeriod"
            case .revoked: "revoked"
            }
        }
    }
}

/// StoreKit's module-level name for ``Product/SubscriptionInfo/RenewalState``.
public typealias RenewalState = Product.SubscriptionInfo.RenewalState

/// StoreKit's module-level name for ``Product/SubscriptionInfo/RenewalInfo``.
public typealias RenewalInfo = Product.SubscriptionInfo.RenewalInfo
