/// The body of a request that changes an Advanced Commerce subscription's metadata.
public struct AdvancedCommerceSubscriptionChangeMetadataRequest: Codable, Hashable, Sendable {
    /// New subscription descriptors.
    public var descriptors: AdvancedCommerceSubscriptionChangeMetadataDescriptors?
    /// New item metadata.
    public var items: [AdvancedCommerceSubscriptionChangeMetadataItem]?
    /// Metadata that identifies the request.
    public var requestInfo: AdvancedCommerceRequestInfo?
    /// The storefront's three-letter ISO 3166-1 alpha-3 country code.
    public var storefront: String?
    /// The tax code of the product.
    public var taxCode: String?

    /// Creates a value; every field defaults to absent.
    public init(
        descriptors: AdvancedCommerceSubscriptionChangeMetadataDescriptors? = nil,
        items: [AdvancedCommerceSubscriptionChangeMetadataItem]? = nil,
        requestInfo: AdvancedCommerceRequestInfo? = nil,
        storefront: String? = nil,
        taxCode: String? = nil
    ) {
        self.descriptors = descriptors
        self.items = items
        self.requestInfo = requestInfo
        self.storefront = storefront
        self.taxCode = taxCode
    }
}
