/// One item of a new Advanced Commerce subscription.
public struct AdvancedCommerceSubscriptionCreateItem: Codable, Hashable, Sendable {
    /// The item's product identifier, which the developer defines.
    public var SKU: String?
    /// A description of the item that customers do not see.
    public var description: String?
    /// The item's name as customers see it.
    public var displayName: String?
    /// A discount offer for the item.
    public var offer: AdvancedCommerceOffer?
    /// The price in milliunits of the currency.
    public var price: Int64?

    /// Creates a value; every field defaults to absent.
    public init(
        SKU: String? = nil,
        description: String? = nil,
        displayName: String? = nil,
        offer: AdvancedCommerceOffer? = nil,
        price: Int64? = nil
    ) {
        self.SKU = SKU
        self.description = description
        self.displayName = displayName
        self.offer = offer
        self.price = price
    }
}
