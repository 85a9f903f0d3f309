/// Where the customer's subscription stands, in the five states of seed 000.
public enum SubscriptionState: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Active and paid up.
    case subscribed
    /// Ended.
    case expired
    /// A renewal failed; the App Store keeps retrying and access is suspended.
    case inBillingRetryPeriod
    /// A renewal failed but the grace period keeps access while the App Store retries.
    case inGracePeriod
    /// Refunded or revoked.
    case revoked

    /// The state of a StoreKit renewal state.
    init(_ state: RenewalState) {
        switch state {
        case .subscribed: self = .subscribed
        case .expired: self = .expired
        case .inBillingRetryPeriod: self = .inBillingRetryPeriod
        case .inGracePeriod: self = .inGracePeriod
        case .revoked: self = .revoked
        }
    }

    /// Whether the state grants access (subscribed, grace period).
    public var isEntitled: Bool { self == .subscribed || self == .inGracePeriod }

    /// Which state to report when a group has several subscriptions (Family Sharing): access first.
    var priority: Int {
        switch self {
        case .subscribed: 0
        case .inGracePeriod: 1
        case .inBillingRetryPeriod: 2
        case .expired: 3
        case .revoked: 4
        }
    }

    /// The name, as seed 000 prints it.
    public var description: String {
        switch self {
        case .subscribed: "Subscribed"
        case .expired: "Expired"
        case .inBillingRetryPeriod: "Billing retry"
        case .inGracePeriod: "Grace period"
        case .revoked: "Revoked"
        }
    }
}
