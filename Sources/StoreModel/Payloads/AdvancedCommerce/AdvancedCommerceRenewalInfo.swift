/// Advanced Commerce details of a renewal (renewal info `advancedCommerceInfo`).
public struct AdvancedCommerceRenewalInfo: Codable, Hashable, Sendable {
    /// The token to pass back in requests that change the subscription.
    public var consistencyToken: String?
    /// The description and display name of the subscription.
    public var descriptors: AdvancedCommerceDescriptors?
    /// The items that renew.
    public var items: [AdvancedCommerceRenewalItem]?
    /// The billing period.
    public var period: AdvancedCommercePeriod?
    /// The developer's reference for the latest request.
    public var requestReferenceId: String?
    /// The tax code of the product.
    public var taxCode: String?

    /// Creates a value; every field defaults to absent.
    public init(
        consistencyToken: String? = nil,
        descriptors: AdvancedCommerceDescriptors? = nil,
        items: [AdvancedCommerceRenewalItem]? = nil,
        period: AdvancedCommercePeriod? = nil,
        requestReferenceId: String? = nil,
        taxCode: String? = nil
    ) {
        self.consistencyToken = consistencyToken
        self.descriptors = descriptors
        self.items = items
        self.period = period
        self.requestReferenceId = requestReferenceId
        self.taxCode = taxCode
    }
}
