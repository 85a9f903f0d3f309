/// The body of a request that turns off renewal of an Advanced Commerce subscription.
public struct AdvancedCommerceSubscriptionCancelRequest: Codable, Hashable, Sendable {
    /// Metadata that identifies the request.
    public var requestInfo: AdvancedCommerceRequestInfo?
    /// The storefront's three-letter ISO 3166-1 alpha-3 country code.
    public var storefront: String?

    /// Creates a value; every field defaults to absent.
    public init(requestInfo: AdvancedCommerceRequestInfo? = nil, storefront: String? = nil) {
        self.requestInfo = requestInfo
        self.storefront = storefront
    }
}
