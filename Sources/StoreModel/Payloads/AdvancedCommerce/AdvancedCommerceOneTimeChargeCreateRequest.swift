/// The in-app request to buy an Advanced Commerce one-time charge.
public struct AdvancedCommerceOneTimeChargeCreateRequest: AdvancedCommerceInAppRequest {
    /// The ISO 4217 currency code of the prices.
    public var currency: String?
    /// The product to buy.
    public var item: AdvancedCommerceOneTimeChargeItem?
    /// Metadata that identifies the request.
    public var requestInfo: AdvancedCommerceRequestInfo?
    /// The tax code of the product.
    public var taxCode: String?
    /// The storefront's three-letter ISO 3166-1 alpha-3 country code.
    public var storefront: String?

    /// Creates a value; every field defaults to absent.
    public init(
        currency: String? = nil,
        item: AdvancedCommerceOneTimeChargeItem? = nil,
        requestInfo: AdvancedCommerceRequestInfo? = nil,
        taxCode: String? = nil,
        storefront: String? = nil
    ) {
        self.currency = currency
        self.item = item
        self.requestInfo = requestInfo
        self.taxCode = taxCode
        self.storefront = storefront
    }
}

extension AdvancedCommerceOneTimeChargeCreateRequest {
    /// `CREATE_ONE_TIME_CHARGE`, the `operation` every request of this type encodes.
    public static let operation = "CREATE_ONE_TIME_CHARGE"

    private enum CodingKeys: String, CodingKey {
        case currency, item, requestInfo, taxCode, storefront, operation, version
    }

    /// Decodes the fields; fails when `operation` is present and names another request.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try Self.checkOperation(in: container, forKey: .operation)
        self.init(
            currency: try container.decodeIfPresent(String.self, forKey: .currency),
            item: try container.decodeIfPresent(AdvancedCommerceOneTimeChargeItem.self, forKey: .item),
            requestInfo: try container.decodeIfPresent(AdvancedCommerceRequestInfo.self, forKey: .requestInfo),
            taxCode: try container.decodeIfPresent(String.self, forKey: .taxCode),
            storefront: try container.decodeIfPresent(String.self, forKey: .storefront))
    }

    /// Encodes the fields, then the constant `operation` and `version`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(currency, forKey: .currency)
        try container.encodeIfPresent(item, forKey: .item)
        try container.encodeIfPresent(requestInfo, forKey: .requestInfo)
        try container.encodeIfPresent(taxCode, forKey: .taxCode)
        try container.encodeIfPresent(storefront, forKey: .storefront)
        try container.encode(Self.operation, forKey: .operation)
        try container.encode(Self.version, forKey: .version)
    }
}
