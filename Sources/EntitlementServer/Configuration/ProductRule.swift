/// What one product grants: capabilities, a consumable credit, or both. The one place product identifiers are
/// mapped to what the app asks about ("does this account have `pro`"), never the other way round.
public struct ProductRule: Hashable, Sendable {
    /// The capabilities the product grants while its transaction is a current entitlement.
    public var capabilities: [String]
    /// The balance a consumable purchase credits, per unit of `quantity`.
    public var consumable: ConsumableCredit?
    /// For a non-renewing subscription: how long access lasts from the purchase date (StoreKit leaves the end
    /// to the app). `nil` means until revoked.
    public var nonRenewingDurationSeconds: Int64?

    /// Creates a rule.
    public init(capabilities: [String] = [], consumable: ConsumableCredit? = nil, nonRenewingDurationSeconds: Int64? = nil) {
        self.capabilities = capabilities
        self.consumable = consumable
        self.nonRenewingDurationSeconds = nonRenewingDurationSeconds
    }
}

/// The credit one unit of a consumable product adds to a balance.
public struct ConsumableCredit: Hashable, Sendable {
    /// The balance's name, for example `coins`.
    public var currency: String
    /// How much one unit credits; a purchase of `quantity` units credits `quantity × amount`.
    public var amount: Int64

    /// Creates a credit.
    public init(currency: String, amount: Int64) {
        self.currency = currency
        self.amount = amount
    }
}
