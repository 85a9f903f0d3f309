/// The answer to "what may this account use": each capability with where it comes from, the consumable
/// balances, and the instant it was computed at.
public struct AccountEntitlements: Codable, Hashable, Sendable {
    /// The account.
    public var accountId: String
    /// When the answer was computed (milliseconds); it holds until ``validUntil`` unless new evidence arrives.
    public var asOf: Int64
    /// The next instant at which the answer changes by the passage of time alone (an expiry), if any.
    public var validUntil: Int64?
    /// Every capability the account has or had, sorted by name.
    public var capabilities: [CapabilityState]
    /// Consumable balances by currency (may be negative; see the ledger policy).
    public var consumables: [String: Int64]

    /// Creates an answer.
    public init(accountId: String, asOf: Int64, validUntil: Int64?, capabilities: [CapabilityState], consumables: [String: Int64]) {
        self.accountId = accountId
        self.asOf = asOf
        self.validUntil = validUntil
        self.capabilities = capabilities
        self.consumables = consumables
    }

    /// The names of the capabilities that are active now.
    public var activeCapabilities: [String] { capabilities.filter(\.active).map(\.capability) }
}

/// One capability of an account: active or not, its best state, and every source.
public struct CapabilityState: Codable, Hashable, Sendable {
    /// The capability name from the configuration, for example `pro`.
    public var capability: String
    /// Whether the account may use it now.
    public var active: Bool
    /// The best state among its sources.
    public var state: EntitlementState
    /// When access ends if nothing changes (the latest expiry among active sources); `nil` for no end.
    public var expiresAt: Int64?
    /// Where it comes from: App Store transactions and promotional grants.
    public var sources: [CapabilitySource]

    /// Creates a capability state.
    public init(capability: String, active: Bool, state: EntitlementState, expiresAt: Int64?, sources: [CapabilitySource]) {
        self.capability = capability
        self.active = active
        self.state = state
        self.expiresAt = expiresAt
        self.sources = sources
    }
}

/// One reason an account has (or had) a capability.
public struct CapabilitySource: Codable, Hashable, Sendable {
    /// `app_store` or `promotional`.
    public var kind: String
    /// The source's own state.
    public var state: EntitlementState
    /// When this source ends; `nil` for no end.
    public var expiresAt: Int64?
    /// The product (App Store sources).
    public var productId: String?
    /// The transaction that grants it: the chain's latest (App Store sources).
    public var transactionId: String?
    /// The subscription chain or purchase.
    public var originalTransactionId: String?
    /// While in the billing grace period: when it ends.
    public var gracePeriodExpiresAt: Int64?
    /// Whether the subscription renews automatically.
    public var willAutoRenew: Bool?
    /// `Production` or `Sandbox`.
    public var environment: String?
    /// `owner`, or `shared` under the share restore policy.
    public var ownership: String?
    /// The grant (promotional sources).
    public var grantId: String?
    /// Why it was granted (promotional sources).
    public var reason: String?

    /// Creates a source.
    public init(
        kind: String, state: EntitlementState, expiresAt: Int64? = nil, productId: String? = nil, transactionId: String? = nil,
        originalTransactionId: String? = nil, gracePeriodExpiresAt: Int64? = nil, willAutoRenew: Bool? = nil,
        environment: String? = nil, ownership: String? = nil, grantId: String? = nil, reason: String? = nil
    ) {
        self.kind = kind
        self.state = state
        self.expiresAt = expiresAt
        self.productId = productId
        self.transactionId = transactionId
        self.originalTransactionId = originalTransactionId
        self.gracePeriodExpiresAt = gracePeriodExpiresAt
        self.willAutoRenew = willAutoRenew
        self.environment = environment
        self.ownership = ownership
        self.grantId = grantId
        self.reason = reason
    }
}
