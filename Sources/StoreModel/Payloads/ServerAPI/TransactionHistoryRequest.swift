/// The filters of Get Transaction History. They travel as query parameters (`productId`, `productType`,
/// `subscriptionGroupIdentifier` repeated), not as JSON.
public struct TransactionHistoryRequest: Codable, Hashable, Sendable {
    /// Only transactions bought on or after this instant.
    public var startDate: Timestamp?
    /// Only transactions bought before this instant.
    public var endDate: Timestamp?
    /// Only transactions for these products.
    public var productIds: [String]?
    /// Only transactions for these product types.
    public var productTypes: [TransactionHistoryRequest.ProductType]?
    /// The order of the transactions by modification date.
    public var sort: TransactionHistoryRequest.Order?
    /// Only transactions in these subscription groups.
    public var subscriptionGroupIdentifiers: [String]?
    /// Only transactions with this ownership type.
    public var inAppOwnershipType: InAppOwnershipType?
    /// Only revoked (`true`) or only unrevoked (`false`) transactions.
    public var revoked: Bool?

    /// Creates a value; every field defaults to absent.
    public init(
        startDate: Timestamp? = nil,
        endDate: Timestamp? = nil,
        productIds: [String]? = nil,
        productTypes: [TransactionHistoryRequest.ProductType]? = nil,
        sort: TransactionHistoryRequest.Order? = nil,
        subscriptionGroupIdentifiers: [String]? = nil,
        inAppOwnershipType: InAppOwnershipType? = nil,
        revoked: Bool? = nil
    ) {
        self.startDate = startDate
        self.endDate = endDate
        self.productIds = productIds
        self.productTypes = productTypes
        self.sort = sort
        self.subscriptionGroupIdentifiers = subscriptionGroupIdentifiers
        self.inAppOwnershipType = inAppOwnershipType
        self.revoked = revoked
    }
}
