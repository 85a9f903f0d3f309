/// The in-app request to turn renewal of an Advanced Commerce subscription back on.
public struct AdvancedCommerceSubscriptionReactivateInAppRequest: AdvancedCommerceInAppRequest {
    /// The items to reactivate; all when absent.
    public var items: [AdvancedCommerceSubscriptionReactivateItem]?
    /// Metadata that identifies the request.
    public var requestInfo: AdvancedCommerceRequestInfo?
    /// The storefront's three-letter ISO 3166-1 alpha-3 country code.
    public var storefront: String?
    /// The transaction identifier of the subscription to reactivate.
    public var transactionId: String?

    /// Creates a value; every field defaults to absent.
    public init(
        items: [AdvancedCommerceSubscriptionReactivateItem]? = nil,
        requestInfo: AdvancedCommerceRequestInfo? = nil,
        storefront: String? = nil,
        transactionId: String? = nil
    ) {
        self.items = items
        self.requestInfo = requestInfo
        self.storefront = storefront
        self.transactionId = transactionId
    }
}

extension AdvancedCommerceSubscriptionReactivateInAppRequest {
    /// `REACTIVATE_SUBSCRIPTION`, the `operation` every request of this type encodes.
    public static let operation = "REACTIVATE_SUBSCRIPTION"

    private enum CodingKeys: String, CodingKey {
        case items, requestInfo, storefront, transactionId, operation, version
    }

    /// Decodes the fields; fails when `operation` is present and names another request.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try Self.checkOperation(in: container, forKey: .operation)
        self.init(
            items: try container.decodeIfPresent([AdvancedCommerceSubscriptionReactivateItem].self, forKey: .items),
            requestInfo: try container.decodeIfPresent(AdvancedCommerceRequestInfo.self, forKey: .requestInfo),
            storefront: try container.decodeIfPresent(String.self, forKey: .storefront),
            transactionId: try container.decodeIfPresent(String.self, forKey: .transactionId))
    }

    /// Encodes the fields, then the constant `operation` and `version`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(items, forKey: .items)
        try container.encodeIfPresent(requestInfo, forKey: .requestInfo)
        try container.encodeIfPresent(storefront, forKey: .storefront)
        try container.encodeIfPresent(transactionId, forKey: .transactionId)
        try container.encode(Self.operation, forKey: .operation)
        try container.encode(Self.version, forKey: .version)
    }
}
