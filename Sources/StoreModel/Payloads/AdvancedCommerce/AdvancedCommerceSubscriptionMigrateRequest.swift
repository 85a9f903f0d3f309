/// The body of a request that migrates a subscription to Advanced Commerce.
public struct AdvancedCommerceSubscriptionMigrateRequest: Codable, Hashable, Sendable {
    /// The descriptors of the migrated subscription.
    public var descriptors: AdvancedCommerceSubscriptionMigrateDescriptors?
    /// The items of the migrated subscription.
    public var items: [AdvancedCommerceSubscriptionMigrateItem]?
    /// Items that renew instead, when they differ.
    public var renewalItems: [AdvancedCommerceSubscriptionMigrateRenewalItem]?
    /// Metadata that identifies the request.
    public var requestInfo: AdvancedCommerceRequestInfo?
    /// The storefront's three-letter ISO 3166-1 alpha-3 country code.
    public var storefront: String?
    /// The generic product identifier of the Advanced Commerce subscription.
    public var targetProductId: String?
    /// The tax code of the product.
    public var taxCode: String?

    /// Creates a value; every field defaults to absent.
    public init(
        descriptors: AdvancedCommerceSubscriptionMigrateDescriptors? = nil,
        items: [AdvancedCommerceSubscriptionMigrateItem]? = nil,
        renewalItems: [AdvancedCommerceSubscriptionMigrateRenewalItem]? = nil,
        requestInfo: AdvancedCommerceRequestInfo? = nil,
        storefront: String? = nil,
        targetProductId: String? = nil,
        taxCode: String? = nil
    ) {
        self.descriptors = descriptors
        self.items = items
        self.renewalItems = renewalItems
        self.requestInfo = requestInfo
        self.storefront = storefront
        self.targetProductId = targetProductId
        self.taxCode = taxCode
    }
}
