/// The body of an Advanced Commerce refund request.
public struct AdvancedCommerceRequestRefundRequest: Codable, Hashable, Sendable {
    /// The items to refund.
    public var items: [AdvancedCommerceRequestRefundItem]?
    /// Whether the developer accepts the risk of a refund the App Store may decline.
    public var refundRiskingPreference: Bool?
    /// Metadata that identifies the request.
    public var requestInfo: AdvancedCommerceRequestInfo?
    /// The ISO 4217 currency code of the prices.
    public var currency: String?
    /// The storefront's three-letter ISO 3166-1 alpha-3 country code.
    public var storefront: String?

    /// Creates a value; every field defaults to absent.
    public init(
        items: [AdvancedCommerceRequestRefundItem]? = nil,
        refundRiskingPreference: Bool? = nil,
        requestInfo: AdvancedCommerceRequestInfo? = nil,
        currency: String? = nil,
        storefront: String? = nil
    ) {
        self.items = items
        self.refundRiskingPreference = refundRiskingPreference
        self.requestInfo = requestInfo
        self.currency = currency
        self.storefront = storefront
    }
}
