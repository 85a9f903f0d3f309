import AppStoreEngine
import StoreHTTP
import StoreModel

/// The query of Get Transaction History (v1 and v2), parsed with Apple's checks, and the filter it describes.
struct TransactionHistoryQuery {
    /// The filters.
    var request = TransactionHistoryRequest()
    /// Where the previous page ended.
    var revision: PageToken?

    /// Reads the query items; repeated `productId`, `productType` and `subscriptionGroupIdentifier` all count,
    /// and `revoked` takes Python's `True`/`False` as well as `true`/`false`.
    init(_ request: HTTPRequest) throws(ServerAPIError) {
        if let text = request.queryValue("revision") {
            guard let token = PageToken(text) else { throw ServerAPIError.invalidRequestRevision }
            revision = token
        }
        if let text = request.queryValue("startDate") {
            guard let value = Int64(text), value >= 0 else { throw ServerAPIError.invalidStartDate }
            self.request.startDate = Timestamp(milliseconds: value)
        }
        if let text = request.queryValue("endDate") {
            guard let value = Int64(text), value >= 0 else { throw ServerAPIError.invalidEndDate }
            self.request.endDate = Timestamp(milliseconds: value)
        }
        if let start = self.request.startDate, let end = self.request.endDate, start > end {
            throw ServerAPIError.startDateAfterEndDate
        }
        let productIds = request.queryValues("productId")
        if productIds.contains(where: \.isEmpty) { throw ServerAPIError.invalidProductId }
        self.request.productIds = productIds.isEmpty ? nil : productIds
        let types = request.queryValues("productType").map(TransactionHistoryRequest.ProductType.init(rawValue:))
        if types.contains(where: { !$0.isKnown }) { throw ServerAPIError.invalidProductType }
        self.request.productTypes = types.isEmpty ? nil : types
        if let sort = request.queryValue("sort") {
            let order = TransactionHistoryRequest.Order(rawValue: sort)
            guard order.isKnown else { throw ServerAPIError.invalidSort }
            self.request.sort = order
        }
        let groups = request.queryValues("subscriptionGroupIdentifier")
        if groups.contains(where: \.isEmpty) { throw ServerAPIError.invalidSubscriptionGroupIdentifier }
        self.request.subscriptionGroupIdentifiers = groups.isEmpty ? nil : groups
        if let ownership = request.queryValue("inAppOwnershipType") {
            let type = InAppOwnershipType(rawValue: ownership)
            guard type.isKnown else { throw ServerAPIError.invalidInAppOwnershipType }
            self.request.inAppOwnershipType = type
        }
        if let revoked = request.queryValue("revoked") {
            switch revoked.lowercased() {
            case "true": self.request.revoked = true
            case "false": self.request.revoked = false
            default: throw ServerAPIError.invalidRevoked
            }
        }
    }

    /// Whether the list is sorted newest first.
    var isDescending: Bool { request.sort == .descending }

    /// Whether a transaction passes every filter.
    func matches(_ payload: JWSTransactionDecodedPayload) -> Bool {
        let purchase = payload.purchaseDate ?? Timestamp(milliseconds: 0)
        if let start = request.startDate, purchase < start { return false }
        if let end = request.endDate, purchase >= end { return false }
        if let ids = request.productIds, !ids.contains(payload.productId ?? "") { return false }
        if let types = request.productTypes, !types.contains(Self.filterType(of: payload.type)) { return false }
        if let groups = request.subscriptionGroupIdentifiers, !groups.contains(payload.subscriptionGroupIdentifier ?? "") {
            return false
        }
        if let ownership = request.inAppOwnershipType, payload.inAppOwnershipType != ownership { return false }
        if let revoked = request.revoked, (payload.revocationDate != nil) != revoked { return false }
        return true
    }

    /// The history filter's name for a transaction's product type.
    static func filterType(of type: ProductType?) -> TransactionHistoryRequest.ProductType {
        if type == .autoRenewable { return .autoRenewable }
        if type == .nonRenewable { return .nonRenewable }
        if type == .consumable { return .consumable }
        return .nonConsumable
    }
}
