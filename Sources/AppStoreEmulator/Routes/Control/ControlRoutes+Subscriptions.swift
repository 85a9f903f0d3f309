import AppStoreEngine
import Foundation
import StoreHTTP
import StoreModel

/// Auto-renewable subscriptions, addressed by their original transaction ID; each answers the status after.
extension ControlRoutes {
    /// The subscription's status after an operation.
    func statusAnswer(_ originalTransactionId: String) async throws -> HTTPResponse {
        JSONAPI.json(SubscriptionStatusJSON(try await engine.subscriptionStatus(originalTransactionId: originalTransactionId)))
    }

    @Sendable func subscription(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        try await statusAnswer(try JSONAPI.parameter("originalTransactionId", parameters))
    }

    /// The subscription expires now (`EXPIRED/VOLUNTARY` when auto-renew is off).
    @Sendable func expire(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let id = try JSONAPI.parameter("originalTransactionId", parameters)
        try await engine.expireSubscription(originalTransactionId: id)
        return try await statusAnswer(id)
    }

    /// The subscription renews now (`DID_RENEW`).
    @Sendable func forceRenew(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let id = try JSONAPI.parameter("originalTransactionId", parameters)
        _ = try await engine.forceRenewal(originalTransactionId: id)
        return try await statusAnswer(id)
    }

    /// Renewals fail from now on (billing retry, grace period when enabled).
    @Sendable func billingFailure(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let id = try JSONAPI.parameter("originalTransactionId", parameters)
        try await engine.setBillingIssue(true, originalTransactionId: id)
        return try await statusAnswer(id)
    }

    /// The customer fixes the payment method (`DID_RENEW/BILLING_RECOVERY` when in retry).
    @Sendable func billingResolution(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let id = try JSONAPI.parameter("originalTransactionId", parameters)
        try await engine.resolveBillingIssue(originalTransactionId: id)
        return try await statusAnswer(id)
    }

    struct AutoRenewBody: Decodable, Sendable {
        var enabled: Bool
    }

    /// Turns auto-renew on or off (`DID_CHANGE_RENEWAL_STATUS`).
    @Sendable func autoRenew(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let id = try JSONAPI.parameter("originalTransactionId", parameters)
        let body = try JSONAPI.body(AutoRenewBody.self, of: request)
        try await engine.setAutoRenew(body.enabled, originalTransactionId: id)
        return try await statusAnswer(id)
    }

    struct ChangePlanBody: Decodable, Sendable {
        var productId: String
    }

    /// Upgrades (now), downgrades or crossgrades (at the next renewal) to another product of the group.
    @Sendable func changePlan(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let id = try JSONAPI.parameter("originalTransactionId", parameters)
        let body = try JSONAPI.body(ChangePlanBody.self, of: request)
        _ = try await engine.changeRenewalProduct(originalTransactionId: id, to: body.productId)
        return try await statusAnswer(id)
    }

    struct PriceIncreaseBody: Decodable, Sendable {
        /// The new price in thousandths of the currency unit (9990 for 9.99).
        var priceMilliunits: Int64
        /// Whether the customer must consent (default true).
        var requiresConsent: Bool?
    }

    /// Announces a price increase (`PRICE_INCREASE/PENDING` or `ACCEPTED`).
    @Sendable func priceIncrease(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let id = try JSONAPI.parameter("originalTransactionId", parameters)
        let body = try JSONAPI.body(PriceIncreaseBody.self, of: request)
        guard body.priceMilliunits > 0 else { throw EmulatorAPIError.badRequest("\"priceMilliunits\" must be positive.") }
        try await engine.requestPriceIncrease(
            originalTransactionId: id, newPriceMilliunits: body.priceMilliunits, requiresConsent: body.requiresConsent ?? true)
        return try await statusAnswer(id)
    }

    struct PriceIncreaseResponseBody: Decodable, Sendable {
        var accepted: Bool
    }

    /// The customer accepts or declines a pending price increase.
    @Sendable func priceIncreaseResponse(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let id = try JSONAPI.parameter("originalTransactionId", parameters)
        let body = try JSONAPI.body(PriceIncreaseResponseBody.self, of: request)
        try await engine.respondToPriceIncrease(originalTransactionId: id, accepted: body.accepted)
        return try await statusAnswer(id)
    }

    struct ExtendBody: Decodable, Sendable {
        /// 1…90 days.
        var days: Int
        /// `extendReasonCode` (0 undeclared, 1 customer satisfaction, 2 other, 3 service issue).
        var reason: Int32?
    }

    /// Extends the renewal date (`RENEWAL_EXTENDED`), as the Server API's Extend a Subscription Renewal Date.
    @Sendable func extend(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let id = try JSONAPI.parameter("originalTransactionId", parameters)
        let body = try JSONAPI.body(ExtendBody.self, of: request)
        _ = try await engine.extendRenewalDate(
            originalTransactionId: id, days: body.days, reason: ExtendReasonCode(rawValue: body.reason ?? 0))
        return try await statusAnswer(id)
    }
}
