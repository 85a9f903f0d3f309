/// The body of a request that changes an Advanced Commerce subscription's prices.
public struct AdvancedCommerceSubscriptionPriceChangeRequest: Codable, Hashable, Sendable {
    /// The items and their new prices.
    public var items: [AdvancedCommerceSubscriptionPriceChangeItem]?
    /// Metadata that identifies the request.
    public var requestInfo: AdvancedCommerceRequestInfo?
    /// The ISO 4217 currency code of the prices.
    public var currency: String?
    /// The storefront's three-letter ISO 3166-1 alpha-3 country code.
    public var storefront: String?

    /// Creates a value; every field defaults to absent.
    public init(
        items: [AdvancedCommerceSubscriptionPriceChangeItem]? = nil,
        requestInfo: AdvancedCommerceRequestInfo? = nil,
        currency: String? = nil,
        storefront: String? = nil
    ) {
        self.items = items
        self.requestInfo = requestInfo
        self.currency = currency
        self.storefront = storefront
    }
}
