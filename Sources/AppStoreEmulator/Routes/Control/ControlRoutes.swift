import AppStoreEngine
import Foundation
import StoreHTTP
import StoreModel

/// The control API under `/control/v1`: every engine operation as JSON over HTTP, for the `tienda` subcommands,
/// scripts and the web transaction manager. Documented in docs/CONTROL-API.md and `/openapi.json`.
///
/// Conventions: bodies and answers are JSON objects; `bundleId` is optional everywhere (the first app served by
/// default) and `accountId` defaults to `default` (created on first use); failures answer
/// `{"error": code, "message": …, "status": N}` (``EmulatorAPIError``).
public struct ControlRoutes: RouteGroup {
    let context: EmulatorContext

    /// The account operations use when none is named.
    public static let defaultAccountId = "default"

    /// Creates the route group.
    public init(context: EmulatorContext) {
        self.context = context
    }

    public func register(on router: inout Router) {
        router.group("/control/v1") { control in
            control.get("/status", handler: JSONAPI.handler(status))
            control.get("/products", handler: JSONAPI.handler(products))
            control.post("/products/{productId}/availability", handler: JSONAPI.handler(productAvailability))
            control.get("/settings", handler: JSONAPI.handler(settings))
            control.patch("/settings", handler: JSONAPI.handler(updateSettings))
            control.post("/simulated-errors", handler: JSONAPI.handler(setSimulatedError))
            control.post("/reset", handler: JSONAPI.handler(reset))
            control.post("/clear", handler: JSONAPI.handler(clear))
            control.get("/clock", handler: JSONAPI.handler(clock))
            control.post("/clock/advance", handler: JSONAPI.handler(advanceClock))

            control.get("/accounts", handler: JSONAPI.handler(accounts))
            control.post("/accounts", handler: JSONAPI.handler(createAccount))
            control.patch("/accounts/{accountId}", handler: JSONAPI.handler(updateAccount))
            control.put("/accounts/{accountId}/app-transaction", handler: JSONAPI.handler(setAppTransaction))
            control.get("/accounts/{accountId}/transactions", handler: JSONAPI.handler(accountTransactions))
            control.get("/accounts/{accountId}/subscriptions", handler: JSONAPI.handler(accountSubscriptions))

            control.post("/purchases", handler: JSONAPI.handler(purchase))
            control.post("/offer-codes/redeem", handler: JSONAPI.handler(redeemOfferCode))
            control.get("/pending", handler: JSONAPI.handler(pendingPurchases))
            control.post("/pending/{pendingId}/approve", handler: JSONAPI.handler(approve))
            control.post("/pending/{pendingId}/decline", handler: JSONAPI.handler(decline))
            control.post("/pending/{pendingId}/resolve", handler: JSONAPI.handler(resolve))

            control.get("/transactions", handler: JSONAPI.handler(transactions))
            control.get("/transactions/{transactionId}", handler: JSONAPI.handler(transaction))
            control.delete("/transactions/{transactionId}", handler: JSONAPI.handler(deleteTransaction))
            control.post("/transactions/{transactionId}/finish", handler: JSONAPI.handler(finish))
            control.post("/transactions/{transactionId}/refund", handler: JSONAPI.handler(refund))
            control.post("/transactions/{transactionId}/refund-request", handler: JSONAPI.handler(requestRefund))
            control.post("/transactions/{transactionId}/refund-decline", handler: JSONAPI.handler(declineRefund))
            control.post("/transactions/{transactionId}/refund-reverse", handler: JSONAPI.handler(reverseRefund))
            control.post("/transactions/{transactionId}/consumption-request", handler: JSONAPI.handler(consumptionRequest))
            control.post("/transactions/{transactionId}/revoke-family", handler: JSONAPI.handler(revokeFamilyAccess))

            control.get("/subscriptions/{originalTransactionId}", handler: JSONAPI.handler(subscription))
            control.post("/subscriptions/{originalTransactionId}/expire", handler: JSONAPI.handler(expire))
            control.post("/subscriptions/{originalTransactionId}/renew", handler: JSONAPI.handler(forceRenew))
            control.post("/subscriptions/{originalTransactionId}/billing-failure", handler: JSONAPI.handler(billingFailure))
            control.post("/subscriptions/{originalTransactionId}/billing-resolution", handler: JSONAPI.handler(billingResolution))
            control.post("/subscriptions/{originalTransactionId}/auto-renew", handler: JSONAPI.handler(autoRenew))
            control.post("/subscriptions/{originalTransactionId}/change-plan", handler: JSONAPI.handler(changePlan))
            control.post("/subscriptions/{originalTransactionId}/price-increase", handler: JSONAPI.handler(priceIncrease))
            control.post("/subscriptions/{originalTransactionId}/price-increase/response", handler: JSONAPI.handler(priceIncreaseResponse))
            control.post("/subscriptions/{originalTransactionId}/extend", handler: JSONAPI.handler(extend))
            control.post("/subscriptions/extend-all", handler: JSONAPI.handler(extendAll))

            control.get("/notifications", handler: JSONAPI.handler(notifications))
            control.post("/notifications/test", handler: JSONAPI.handler(testNotification))
        }
    }

    var engine: AppStoreEngine { context.engine }

    /// The bundle ID from the query (`GET`) or the body's `bundleId`, else the first app.
    func bundleId(_ request: HTTPRequest, body: AppScope? = nil) async throws -> String {
        try await JSONAPI.bundleId(body?.bundleId ?? request.queryValue("bundleId"), engine: engine)
    }

    /// The optional `bundleId` of a body.
    struct AppScope: Decodable, Sendable {
        var bundleId: String?
    }

    /// `{"ok": true}` for operations without a result.
    static var done: HTTPResponse { JSONAPI.json(["ok": true]) }
}
