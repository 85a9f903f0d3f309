import Foundation

/// What a ``Store`` sells and how purchases turn into access.
public struct StoreConfiguration: Sendable {
    /// The products to load, in the order the interface should consider them (shown sorted by price).
    public var productIDs: [String]
    /// Which products unlock which capabilities: the one place that knows.
    public var capabilities: CapabilityMap
    /// How much of the ledger's currency one unit of each consumable credits (`"coins.100": 100`).
    public var consumableAmounts: [String: Int]
    /// The subscription group whose state the store reports, if any.
    public var subscriptionGroupID: String?
    /// Access kept by customers who installed before the app became paid, if any.
    public var legacyAccess: LegacyAccessRule?
    /// How many times loading the catalog is tried when the error is temporary.
    public var catalogAttempts: Int
    /// The pause before trying the catalog again (doubling after each attempt).
    public var catalogRetryDelay: Duration
    /// The app account token sent with every purchase, linking it to the app's own account (seed 001).
    public var appAccountToken: @Sendable () -> UUID?

    /// Creates a configuration.
    public init(
        productIDs: [String], capabilities: CapabilityMap, consumableAmounts: [String: Int] = [:],
        subscriptionGroupID: String? = nil, legacyAccess: LegacyAccessRule? = nil, catalogAttempts: Int = 3,
        catalogRetryDelay: Duration = .seconds(1), appAccountToken: @escaping @Sendable () -> UUID? = { nil }
    ) {
        self.productIDs = productIDs
        self.capabilities = capabilities
        self.consumableAmounts = consumableAmounts
        self.subscriptionGroupID = subscriptionGroupID
        self.legacyAccess = legacyAccess
        self.catalogAttempts = max(1, catalogAttempts)
        self.catalogRetryDelay = catalogRetryDelay
        self.appAccountToken = appAccountToken
    }
}
