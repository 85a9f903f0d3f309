/// The body of a request that ends an Advanced Commerce subscription immediately.
public struct AdvancedCommerceSubscriptionRevokeRequest: Codable, Hashable, Sendable {
    /// Metadata that identifies the request.
    public var requestInfo: AdvancedCommerceRequestInfo?
    /// Whether the developer accepts the risk of a refund the App Store may decline.
    public var refundRiskingPreference: Bool?
    /// Why the subscription is revoked.
    public var refundReason: AdvancedCommerceRefundReason?
    /// The kind of refund.
    public var refundType: AdvancedCommerceRefundType?
    /// The storefront's three-letter ISO 3166-1 alpha-3 country code.
    public var storefront: String?

    /// Creates a value; every field defaults to absent.
    public init(
        requestInfo: AdvancedCommerceRequestInfo? = nil,
        refundRiskingPreference: Bool? = nil,
        refundReason: AdvancedCommerceRefundReason? = nil,
        refundType: AdvancedCommerceRefundType? = nil,
        storefront: String? = nil
    ) {
        self.requestInfo = requestInfo
        self.refundRiskingPreference = refundRiskingPreference
        self.refundReason = refundReason
        self.refundType = refundType
        self.storefront = storefront
    }
}
