/// The in-app request to buy an Advanced Commerce subscription.
public struct AdvancedCommerceSubscriptionCreateRequest: AdvancedCommerceInAppRequest {
    /// The ISO 4217 currency code of the prices.
    public var currency: String?
    /// The description and display name of the subscription.
    public var descriptors: AdvancedCommerceDescriptors?
    /// The items of the subscription.
    public var items: [AdvancedCommerceSubscriptionCreateItem]?
    /// The billing period.
    public var period: AdvancedCommercePeriod?
    /// The transaction of an earlier subscription this one replaces.
    public var previousTransactionId: String?
    /// Metadata that identifies the request.
    public var requestInfo: AdvancedCommerceRequestInfo?
    /// The storefront's three-letter ISO 3166-1 alpha-3 country code.
    public var storefront: String?
    /// The tax code of the product.
    public var taxCode: String?

    /// Creates a value; every field defaults to absent.
    public init(
        currency: String? = nil,
        descriptors: AdvancedCommerceDescriptors? = nil,
        items: [AdvancedCommerceSubscriptionCreateItem]? = nil,
        period: AdvancedCommercePeriod? = nil,
        previousTransactionId: String? = nil,
        requestInfo: AdvancedCommerceRequestInfo? = nil,
        storefront: String? = nil,
        taxCode: String? = nil
    ) {
        self.currency = currency
        self.descriptors = descriptors
        self.items = items
        self.period = period
        self.previousTransactionId = previousTransactionId
        self.requestInfo = requestInfo
        self.storefront = storefront
        self.taxCode = taxCode
    }
}

extension AdvancedCommerceSubscriptionCreateRequest {
    /// `CREATE_SUBSCRIPTION`, the `operation` every request of this type encodes.
    public static let operation = "CREATE_SUBSCRIPTION"

    private enum CodingKeys: String, CodingKey {
        case currency, descriptors, items, period, previousTransactionId, requestInfo, storefront, taxCode, operation
        case version
    }

    /// Decodes the fields; fails when `operation` is present and names another request.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try Self.checkOperation(in: container, forKey: .operation)
        self.init(
            currency: try container.decodeIfPresent(String.self, forKey: .currency),
            descriptors: try container.decodeIfPresent(AdvancedCommerceDescriptors.self, forKey: .descriptors),
            items: try container.decodeIfPresent([AdvancedCommerceSubscriptionCreateItem].self, forKey: .items),
            period: try container.decodeIfPresent(AdvancedCommercePeriod.self, forKey: .period),
            previousTransactionId: try container.decodeIfPresent(String.self, forKey: .previousTransactionId),
            requestInfo: try container.decodeIfPresent(AdvancedCommerceRequestInfo.self, forKey: .requestInfo),
            storefront: try container.decodeIfPresent(String.self, forKey: .storefront),
            taxCode: try container.decodeIfPresent(String.self, forKey: .taxCode))
    }

    /// Encodes the fields, then the constant `operation` and `version`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(currency, forKey: .currency)
        try container.encodeIfPresent(descriptors, forKey: .descriptors)
        try container.encodeIfPresent(items, forKey: .items)
        try container.encodeIfPresent(period, forKey: .period)
        try container.encodeIfPresent(previousTransactionId, forKey: .previousTransactionId)
        try container.encodeIfPresent(requestInfo, forKey: .requestInfo)
        try container.encodeIfPresent(storefront, forKey: .storefront)
        try container.encodeIfPresent(taxCode, forKey: .taxCode)
        try container.encode(Self.operation, forKey: .operation)
        try container.encode(Self.version, forKey: .version)
    }
}
