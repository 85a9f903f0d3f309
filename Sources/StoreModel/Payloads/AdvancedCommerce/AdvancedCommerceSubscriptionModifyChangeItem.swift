/// An item changed in an Advanced Commerce subscription.
public struct AdvancedCommerceSubscriptionModifyChangeItem: Codable, Hashable, Sendable {
    /// The SKU of the item to change.
    public var currentSKU: String?
    /// A description of the item that customers do not see.
    public var description: String?
    /// The item's name as customers see it.
    public var displayName: String?
    /// When the change takes effect.
    public var effective: AdvancedCommerceEffective?
    /// A discount offer for the item.
    public var offer: AdvancedCommerceOffer?
    /// The price in milliunits of the currency.
    public var price: Int64?
    /// The prorated price for the current period in milliunits of the currency.
    public var proratedPrice: Int64?
    /// Why the item changes.
    public var reason: AdvancedCommerceReason?
    /// The SKU of the item after the change.
    public var SKU: String?

    /// Creates a value; every field defaults to absent.
    public init(
        currentSKU: String? = nil,
        description: String? = nil,
        displayName: String? = nil,
        effective: AdvancedCommerceEffective? = nil,
        offer: AdvancedCommerceOffer? = nil,
        price: Int64? = nil,
        proratedPrice: Int64? = nil,
        reason: AdvancedCommerceReason? = nil,
        SKU: String? = nil
    ) {
        self.currentSKU = currentSKU
        self.description = description
        self.displayName = displayName
        self.effective = effective
        self.offer = offer
        self.price = price
        self.proratedPrice = proratedPrice
        self.reason = reason
        self.SKU = SKU
    }
}
