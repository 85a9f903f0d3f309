/// Where one subscription chain stands (subscription-lifecycle.md §6).
public indirect enum SubscriptionState: Hashable, Sendable, Codable {
    /// Active, with auto-renew on or off (status 1).
    case active
    /// A renewal failed and the billing grace period runs (status 4): still entitled. Billing retry continues
    /// after grace until `billingRetryExpiresDate`.
    case inGracePeriod(gracePeriodExpiresDate: Timestamp, billingRetryExpiresDate: Timestamp)
    /// A renewal failed and the App Store keeps retrying (status 3): not entitled.
    case inBillingRetry(billingRetryExpiresDate: Timestamp)
    /// Expired for `intent` at `date` (status 2).
    case expired(intent: ExpirationIntent, date: Timestamp)
    /// Refunded or revoked at `date` (status 5); `previous` is the state a reversed refund restores.
    case revoked(previous: SubscriptionState, date: Timestamp)

    /// The server status code.
    public var status: Status {
        switch self {
        case .active: return .active
        case .inGracePeriod: return .billingGracePeriod
        case .inBillingRetry: return .billingRetry
        case .expired: return .expired
        case .revoked: return .revoked
        }
    }

    /// StoreKit's view of the state.
    public var renewalState: RenewalState {
        switch self {
        case .active: return .subscribed
        case .inGracePeriod: return .inGracePeriod
        case .inBillingRetry: return .inBillingRetryPeriod
        case .expired: return .expired
        case .revoked: return .revoked
        }
    }

    /// Whether the subscription still runs: active, or in grace or billing retry.
    public var isOngoing: Bool {
        switch self {
        case .active, .inGracePeriod, .inBillingRetry: return true
        case .expired, .revoked: return false
        }
    }

    /// Whether a renewal failed and has not yet been resolved (grace or billing retry).
    public var hasBillingIssue: Bool {
        switch self {
        case .inGracePeriod, .inBillingRetry: return true
        default: return false
        }
    }

    /// A short name for messages: `active`, `in grace period`, `in billing retry`, `expired`, `revoked`.
    public var name: String {
        switch self {
        case .active: return "active"
        case .inGracePeriod: return "in grace period"
        case .inBillingRetry: return "in billing retry"
        case .expired: return "expired"
        case .revoked: return "revoked"
        }
    }
}
