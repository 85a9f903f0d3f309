/// A new price for one item of an Advanced Commerce subscription.
public struct AdvancedCommerceSubscriptionPriceChangeItem: Codable, Hashable, Sendable {
    /// The item's product identifier, which the developer defines.
    public var SKU: String?
    /// The price in milliunits of the currency.
    public var price: Int64?
    /// The SKUs whose presence the new price depends on.
    public var dependentSKUs: [String]?

    /// Creates a value; every field defaults to absent.
    public init(SKU: String? = nil, price: Int64? = nil, dependentSKUs: [String]? = nil) {
        self.SKU = SKU
        self.price = price
        self.dependentSKUs = dependentSKUs
    }
}
