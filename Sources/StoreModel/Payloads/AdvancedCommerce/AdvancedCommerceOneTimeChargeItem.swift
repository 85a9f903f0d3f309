/// The product of an Advanced Commerce one-time charge.
public struct AdvancedCommerceOneTimeChargeItem: Codable, Hashable, Sendable {
    /// A description of the item that customers do not see.
    public var description: String?
    /// The item's name as customers see it.
    public var displayName: String?
    /// The item's product identifier, which the developer defines.
    public var SKU: String?
    /// The price in milliunits of the currency.
    public var price: Int64?

    /// Creates a value; every field defaults to absent.
    public init(description: String? = nil, displayName: String? = nil, SKU: String? = nil, price: Int64? = nil) {
        self.description = description
        self.displayName = displayName
        self.SKU = SKU
        self.price = price
    }
}
