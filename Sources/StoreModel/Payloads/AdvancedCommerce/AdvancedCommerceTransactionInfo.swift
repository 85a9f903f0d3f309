/// Advanced Commerce details of a transaction (transaction `advancedCommerceInfo`).
public struct AdvancedCommerceTransactionInfo: Codable, Hashable, Sendable {
    /// The description and display name of the purchase.
    public var descriptors: AdvancedCommerceDescriptors?
    /// The estimated tax in milliunits of the currency.
    public var estimatedTax: Int64?
    /// The items of the purchase.
    public var items: [AdvancedCommerceTransactionItem]?
    /// The billing period of a subscription.
    public var period: AdvancedCommercePeriod?
    /// The developer's reference for the request that made the transaction.
    public var requestReferenceId: String?
    /// The tax code of the product.
    public var taxCode: String?
    /// The price without tax in milliunits of the currency.
    public var taxExclusivePrice: Int64?
    /// The tax rate as a decimal string, such as `0.15`.
    public var taxRate: String?

    /// Creates a value; every field defaults to absent.
    public init(
        descriptors: AdvancedCommerceDescriptors? = nil,
        estimatedTax: Int64? = nil,
        items: [AdvancedCommerceTransactionItem]? = nil,
        period: AdvancedCommercePeriod? = nil,
        requestReferenceId: String? = nil,
        taxCode: String? = nil,
        taxExclusivePrice: Int64? = nil,
        taxRate: String? = nil
    ) {
        self.descriptors = descriptors
        self.estimatedTax = estimatedTax
        self.items = items
        self.period = period
        self.requestReferenceId = requestReferenceId
        self.taxCode = taxCode
        self.taxExclusivePrice = taxExclusivePrice
        self.taxRate = taxRate
    }
}
