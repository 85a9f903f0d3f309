import AppStoreEngine
import StoreHTTP
import StoreModel

/// Get Transaction History (v1 and v2) and Get Refund History: the customer's transactions, filtered, in pages
/// of 20 with a `revision` to read on from.
extension AppStoreServerAPIRoutes {
    /// Apple's page size.
    static let pageSize = 20

    func transactionHistory(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        let query = try TransactionHistoryQuery(request)
        let customer = try await customer(parameters["transactionId"], bundleId: bundleId)
        let app = try await app(bundleId)
        var matching = try await context.engine.customerTransactions(customer).map(\.payload).filter(query.matches)
        matching.sort { Self.key($0, descending: query.isDescending) < Self.key($1, descending: query.isDescending) }
        let (page, hasMore, revision) = Self.page(
            matching, after: query.revision, descending: query.isDescending,
            key: { (($0.purchaseDate ?? Timestamp(milliseconds: 0)).milliseconds, Int64($0.transactionId ?? "") ?? 0) })
        let signed = try await context.engine.signedTransactions(page.compactMap(\.transactionId))
        return Self.json(HistoryResponse(
            revision: revision.text, hasMore: hasMore, bundleId: bundleId, appAppleId: app.payloadAppAppleId,
            environment: app.environment, signedTransactions: signed.map(\.jws)))
    }

    func refundHistory(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        var after: PageToken?
        if let text = request.queryValue("revision") {
            guard let token = PageToken(text) else { throw ServerAPIError.invalidRequestRevision }
            after = token
        }
        let customer = try await customer(parameters["transactionId"], bundleId: bundleId)
        let key: @Sendable (JWSTransactionDecodedPayload) -> (Int64, Int64) = {
            (($0.revocationDate ?? Timestamp(milliseconds: 0)).milliseconds, Int64($0.transactionId ?? "") ?? 0)
        }
        let refunded = try await context.engine.customerTransactions(customer).map(\.payload)
            .filter { $0.revocationDate != nil }
            .sorted { key($0) < key($1) }
        let (page, hasMore, revision) = Self.page(refunded, after: after, descending: false, key: key)
        let signed = try await context.engine.signedTransactions(page.compactMap(\.transactionId))
        return Self.json(RefundHistoryResponse(signedTransactions: signed.map(\.jws), revision: revision.text, hasMore: hasMore))
    }

    /// The sort key of a transaction in history order.
    private static func key(_ payload: JWSTransactionDecodedPayload, descending: Bool) -> (Int64, Int64) {
        let key = ((payload.purchaseDate ?? Timestamp(milliseconds: 0)).milliseconds, Int64(payload.transactionId ?? "") ?? 0)
        return descending ? (-key.0, -key.1) : key
    }

    /// The page after `token` in an already sorted list, whether more follow, and the token of the page's end
    /// (the same token when the page is empty).
    static func page<Item>(
        _ items: [Item], after token: PageToken?, descending: Bool, key: (Item) -> (Int64, Int64)
    ) -> ([Item], Bool, PageToken) {
        let remaining = token.map { token in
            items.filter { let (date, number) = key($0); return token.precedes(date: date, number: number, descending: descending) }
        } ?? items
        let page = Array(remaining.prefix(pageSize))
        let end = page.last.map { let (date, number) = key($0); return PageToken(date: date, number: number) }
        let start = PageToken(date: descending ? .max : .min, number: descending ? .max : .min)
        return (page, remaining.count > page.count, end ?? token ?? start)
    }
}
