import AppStoreEngine
import Foundation
import StoreHTTP
import StoreModel

/// Purchases, Ask to Buy, refunds and transaction housekeeping.
extension ControlRoutes {
    /// Buys a product for an account as if outside the app (App Store, another device, `SKTestSession.buyProduct`):
    /// the device learns of it through its updates feed.
    @Sendable func purchase(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let body = try JSONAPI.body(PurchaseBody.self, of: request)
        let bundleId = try await JSONAPI.bundleId(body.bundleId, engine: engine)
        let accountId = body.accountId ?? Self.defaultAccountId
        try await JSONAPI.ensureAccount(accountId, engine: engine)
        let result = try await engine.purchase(try body.request(bundleId: bundleId, accountId: accountId, origin: .outsideApp))
        return JSONAPI.json(PurchaseResultJSON(result), status: .created)
    }

    @Sendable func pendingPurchases(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let pending = try await engine.pendingPurchases(bundleId: try await bundleId(request), accountId: request.queryValue("accountId"))
        return JSONAPI.json(["pending": pending.map(PendingPurchaseJSON.init)])
    }

    /// A parent approves an Ask to Buy request: the purchase completes.
    @Sendable func approve(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let transaction = try await engine.approveAskToBuy(try JSONAPI.parameter("pendingId", parameters))
        return JSONAPI.json(TransactionJSON(transaction))
    }

    /// A parent declines an Ask to Buy request.
    @Sendable func decline(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        try await engine.declineAskToBuy(try JSONAPI.parameter("pendingId", parameters))
        return Self.done
    }

    /// The customer resolves an interrupted purchase: it completes.
    @Sendable func resolve(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let transaction = try await engine.resolvePurchaseIssue(try JSONAPI.parameter("pendingId", parameters))
        return JSONAPI.json(TransactionJSON(transaction))
    }

    @Sendable func deleteTransaction(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        try await engine.deleteTransaction(try JSONAPI.parameter("transactionId", parameters))
        return Self.done
    }

    @Sendable func finish(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        try await engine.finish(transactionId: try JSONAPI.parameter("transactionId", parameters))
        return Self.done
    }

    struct RefundBody: Decodable, Sendable {
        /// `revocationReason`: 0 (other reason, default) or 1 (an issue in the app).
        var reason: Int32?
        /// A partial refund, in percent of the price (1…99); full by default.
        var percentage: Int?
    }

    /// The App Store refunds a transaction (`REFUND`; a subscription's latest is revoked).
    @Sendable func refund(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let transactionId = try JSONAPI.parameter("transactionId", parameters)
        let body = try JSONAPI.body(RefundBody.self, of: request, allowEmpty: true)
        var amount = RefundAmount.full
        if let percentage = body.percentage {
            guard (1...99).contains(percentage) else { throw EmulatorAPIError.badRequest("\"percentage\" must be 1…99; leave it out for a full refund.") }
            amount = .prorated(percentage: Int32(percentage))
        }
        try await engine.refund(
            transactionId: transactionId, amount: amount, reason: RevocationReason(rawValue: body.reason ?? 0))
        return JSONAPI.json(TransactionJSON(try await engine.transaction(transactionId)))
    }

    /// The customer asks for a refund in the app (`CONSUMPTION_REQUEST` follows for consumables and subscriptions).
    @Sendable func requestRefund(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        try await engine.requestRefund(transactionId: try JSONAPI.parameter("transactionId", parameters))
        return Self.done
    }

    /// The App Store declines a refund the customer asked for (`REFUND_DECLINED`).
    @Sendable func declineRefund(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        try await engine.declineRefund(transactionId: try JSONAPI.parameter("transactionId", parameters))
        return Self.done
    }
}
