/// One item of an Advanced Commerce transaction.
public struct AdvancedCommerceTransactionItem: Codable, Hashable, Sendable {
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
    /// Refunds granted for the item.
    public var refunds: [AdvancedCommerceRefund]?
    /// When the App Store revoked the item.
    public var revocationDate: Timestamp?

    /// Creates a value; every field defaults to absent.
    public init(
        SKU: String? = nil,
        description: String? = nil,
        displayName: String? = nil,
        offer: AdvancedCommerceOffer? = nil,
        price: Int64? = nil,
        refunds: [AdvancedCommerceRefund]? = nil,
        revocationDate: Timestamp? = nil
    ) {
        self.SKU = SKU
        self.description = description
        self.displayName = displayName
        self.offer = offer
        self.price = price
        self.refunds = refunds
        self.revocationDate = revocationDate
    }
}
