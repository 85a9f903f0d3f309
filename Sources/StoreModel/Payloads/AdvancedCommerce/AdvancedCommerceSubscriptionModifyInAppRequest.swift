/// The in-app request to modify an Advanced Commerce subscription.
public struct AdvancedCommerceSubscriptionModifyInAppRequest: AdvancedCommerceInAppRequest {
    /// Items to add.
    public var addItems: [AdvancedCommerceSubscriptionModifyAddItem]?
    /// Items to change.
    public var changeItems: [AdvancedCommerceSubscriptionModifyChangeItem]?
    /// The ISO 4217 currency code of the prices.
    public var currency: String?
    /// New subscription descriptors.
    public var descriptors: AdvancedCommerceSubscriptionModifyDescriptors?
    /// A new billing period.
    public var periodChange: AdvancedCommerceSubscriptionModifyPeriodChange?
    /// Items to remove.
    public var removeItems: [AdvancedCommerceSubscriptionModifyRemoveItem]?
    /// Metadata that identifies the request.
    public var requestInfo: AdvancedCommerceRequestInfo?
    /// Whether the billing cycle stays the same.
    public var retainBillingCycle: Bool?
    /// The storefront's three-letter ISO 3166-1 alpha-3 country code.
    public var storefront: String?
    /// The tax code of the product.
    public var taxCode: String?
    /// The transaction identifier of the subscription to modify.
    public var transactionId: String?

    /// Creates a value; every field defaults to absent.
    public init(
        addItems: [AdvancedCommerceSubscriptionModifyAddItem]? = nil,
        changeItems: [AdvancedCommerceSubscriptionModifyChangeItem]? = nil,
        currency: String? = nil,
        descriptors: AdvancedCommerceSubscriptionModifyDescriptors? = nil,
        periodChange: AdvancedCommerceSubscriptionModifyPeriodChange? = nil,
        removeItems: [AdvancedCommerceSubscriptionModifyRemoveItem]? = nil,
        requestInfo: AdvancedCommerceRequestInfo? = nil,
        retainBillingCycle: Bool? = nil,
        storefront: String? = nil,
        taxCode: String? = nil,
        transactionId: String? = nil
    ) {
        self.addItems = addItems
        self.changeItems = changeItems
        self.currency = currency
        self.descriptors = descriptors
        self.periodChange = periodChange
        self.removeItems = removeItems
        self.requestInfo = requestInfo
        self.retainBillingCycle = retainBillingCycle
        self.storefront = storefront
        self.taxCode = taxCode
        self.transactionId = transactionId
    }
}

extension AdvancedCommerceSubscriptionModifyInAppRequest {
    /// `MODIFY_SUBSCRIPTION`, the `operation` every request of this type encodes.
    public static let operation = "MODIFY_SUBSCRIPTION"

    private enum CodingKeys: String, CodingKey {
        case addItems, changeItems, currency, descriptors, periodChange, removeItems, requestInfo, retainBillingCycle
        case storefront, taxCode, transactionId, operation, version
    }

    /// Decodes the fields; fails when `operation` is present and names another request.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try Self.checkOperation(in: container, forKey: .operation)
        self.init(
            addItems: try container.decodeIfPresent(
                [AdvancedCommerceSubscriptionModifyAddItem].self, forKey: .addItems),
            changeItems: try container.decodeIfPresent(
                [AdvancedCommerceSubscriptionModifyChangeItem].self, forKey: .changeItems),
            currency: try container.decodeIfPresent(String.self, forKey: .currency),
            descriptors: try container.decodeIfPresent(
                AdvancedCommerceSubscriptionModifyDescriptors.self, forKey: .descriptors),
            periodChange: try container.decodeIfPresent(
                AdvancedCommerceSubscriptionModifyPeriodChange.self, forKey: .periodChange),
            removeItems: try container.decodeIfPresent(
                [AdvancedCommerceSubscriptionModifyRemoveItem].self, forKey: .removeItems),
            requestInfo: try container.decodeIfPresent(AdvancedCommerceRequestInfo.self, forKey: .requestInfo),
            retainBillingCycle: try container.decodeIfPresent(Bool.self, forKey: .retainBillingCycle),
            storefront: try container.decodeIfPresent(String.self, forKey: .storefront),
            taxCode: try container.decodeIfPresent(String.self, forKey: .taxCode),
            transactionId: try container.decodeIfPresent(String.self, forKey: .transactionId))
    }

    /// Encodes the fields, then the constant `operation` and `version`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(addItems, forKey: .addItems)
        try container.encodeIfPresent(changeItems, forKey: .changeItems)
        try container.encodeIfPresent(currency, forKey: .currency)
        try container.encodeIfPresent(descriptors, forKey: .descriptors)
        try container.encodeIfPresent(periodChange, forKey: .periodChange)
        try container.encodeIfPresent(removeItems, forKey: .removeItems)
        try container.encodeIfPresent(requestInfo, forKey: .requestInfo)
        try container.encodeIfPresent(retainBillingCycle, forKey: .retainBillingCycle)
        try container.encodeIfPresent(storefront, forKey: .storefront)
        try container.encodeIfPresent(taxCode, forKey: .taxCode)
        try container.encodeIfPresent(transactionId, forKey: .transactionId)
        try container.encode(Self.operation, forKey: .operation)
        try container.encode(Self.version, forKey: .version)
    }
}
