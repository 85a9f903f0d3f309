import AppStoreEngine
import Foundation
import StoreHTTP
import StoreModel

/// The StoreKit-facing API under `/storekit/v1/apps/{bundleId}`: what a device's StoreKit asks the App Store, for
/// TiendaKit's remote backend. Accounts are created on first use. Transactions come as
/// `{"jws": …, "transaction": {decoded payload}}`; errors as ``EmulatorAPIError`` bodies. See `/openapi.json`.
///
/// The updates stream is a long poll: `GET …/updates?after=CURSOR&wait=SECONDS` answers at once when updates
/// follow the cursor, otherwise waits (at most `wait` seconds, 0…25, default 25) for the next one and answers
/// `{"updates": [...], "cursor": N, "hasMore": bool}`; ask again with the returned cursor.
public struct StoreKitRoutes: RouteGroup {
    let context: EmulatorContext

    /// Creates the route group.
    public init(context: EmulatorContext) {
        self.context = context
    }

    /// The longest an updates poll waits: below the HTTP server's 30-second connection timeout.
    static let maximumWait = 25

    public func register(on router: inout Router) {
        router.group("/storekit/v1/apps/{bundleId}") { app in
            app.get("/products", handler: JSONAPI.handler(products))
            app.post("/transactions/{transactionId}/finish", handler: JSONAPI.handler(finish))
            app.group("/accounts/{accountId}") { account in
                account.post("/purchases", handler: JSONAPI.handler(purchase))
                account.get("/transactions", handler: JSONAPI.handler(allTransactions))
                account.get("/transactions/current", handler: JSONAPI.handler(currentEntitlements))
                account.get("/transactions/latest/{productId}", handler: JSONAPI.handler(latestTransaction))
                account.get("/transactions/unfinished", handler: JSONAPI.handler(unfinishedTransactions))
                account.get("/updates", handler: JSONAPI.handler(updates))
                account.post("/sync", handler: JSONAPI.handler(sync))
                account.get("/app-transaction", handler: JSONAPI.handler(appTransaction))
                account.get("/subscriptions", handler: JSONAPI.handler(subscriptionStatuses))
                account.get("/eligibility/{groupId}", handler: JSONAPI.handler(introOfferEligibility))
            }
        }
    }

    /// The app and account of a request, the account created when new.
    private func customer(_ parameters: RouteParameters) async throws -> (bundleId: String, accountId: String) {
        let bundleId = try JSONAPI.parameter("bundleId", parameters)
        let accountId = try JSONAPI.parameter("accountId", parameters)
        _ = try await context.engine.app(bundleId)
        try await JSONAPI.ensureAccount(accountId, engine: context.engine)
        return (bundleId, accountId)
    }

    private static func transactions(_ list: [SignedTransaction]) -> HTTPResponse {
        JSONAPI.json(["transactions": list.map(TransactionJSON.init)])
    }

    @Sendable func products(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let bundleId = try JSONAPI.parameter("bundleId", parameters)
        let locale = request.queryValue("locale") ?? "en_US"
        let products = try await context.engine.products(bundleId: bundleId, productIds: request.queryValues("id"))
        return JSONAPI.json(["products": products.map { ProductJSON($0, locale: locale) }])
    }

    @Sendable func purchase(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let (bundleId, accountId) = try await customer(parameters)
        let body = try JSONAPI.body(PurchaseBody.self, of: request)
        let result = try await context.engine.purchase(try body.request(bundleId: bundleId, accountId: accountId, origin: .app))
        return JSONAPI.json(PurchaseResultJSON(result))
    }

    @Sendable func finish(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let bundleId = try JSONAPI.parameter("bundleId", parameters)
        let transactionId = try JSONAPI.parameter("transactionId", parameters)
        guard try await context.engine.customer(ofTransaction: transactionId).bundleId == bundleId else {
            throw AppStoreEngineError.transactionNotFound(transactionId: transactionId)
        }
        try await context.engine.finish(transactionId: transactionId)
        return .empty(.noContent)
    }

    @Sendable func allTransactions(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let (bundleId, accountId) = try await customer(parameters)
        return Self.transactions(try await context.engine.allTransactions(
            bundleId: bundleId, accountId: accountId, productId: request.queryValue("productId")))
    }

    @Sendable func currentEntitlements(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let (bundleId, accountId) = try await customer(parameters)
        return Self.transactions(try await context.engine.currentEntitlements(bundleId: bundleId, accountId: accountId))
    }

    @Sendable func latestTransaction(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let (bundleId, accountId) = try await customer(parameters)
        let productId = try JSONAPI.parameter("productId", parameters)
        let latest = try await context.engine.latestTransaction(bundleId: bundleId, accountId: accountId, productId: productId)
        guard let latest else {
            throw EmulatorAPIError(status: 404, code: "transactionNotFound",
                message: "Account \(accountId) never bought \(productId) in \(bundleId).")
        }
        return JSONAPI.json(TransactionJSON(latest))
    }

    @Sendable func unfinishedTransactions(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let (bundleId, accountId) = try await customer(parameters)
        return Self.transactions(try await context.engine.unfinishedTransactions(bundleId: bundleId, accountId: accountId))
    }

    @Sendable func updates(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let (bundleId, accountId) = try await customer(parameters)
        let cursor = try JSONAPI.integer("after", in: request) ?? 0
        let wait = try JSONAPI.integer("wait", in: request) ?? 25
        guard (0...Int64(Self.maximumWait)).contains(wait) else {
            throw EmulatorAPIError.badRequest("wait=\(wait) must be 0…\(Self.maximumWait) seconds.")
        }
        let limit = try JSONAPI.integer("limit", in: request) ?? 100
        guard (1...1000).contains(limit) else { throw EmulatorAPIError.badRequest("limit=\(limit) must be 1…1000.") }
        let deadline = ContinuousClock.now + .seconds(wait)
        while true {
            let seen = await context.changes.version
            let page = try await context.engine.transactionUpdates(bundleId: bundleId, accountId: accountId, after: cursor, limit: Int(limit))
            let remaining = deadline - ContinuousClock.now
            let closed = await context.changes.isClosed
            if !page.updates.isEmpty || remaining <= .zero || Task.isCancelled || closed {
                return JSONAPI.json(UpdatesJSON(page))
            }
            await context.changes.wait(after: seen, timeout: remaining)
        }
    }

    @Sendable func sync(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let (bundleId, accountId) = try await customer(parameters)
        return Self.transactions(try await context.engine.sync(bundleId: bundleId, accountId: accountId))
    }

    @Sendable func appTransaction(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let (bundleId, accountId) = try await customer(parameters)
        return JSONAPI.json(AppTransactionJSON(try await context.engine.appTransaction(bundleId: bundleId, accountId: accountId)))
    }

    @Sendable func subscriptionStatuses(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let (bundleId, accountId) = try await customer(parameters)
        let statuses = try await context.engine.subscriptionStatuses(
            bundleId: bundleId, accountId: accountId, groupId: request.queryValue("groupId"))
        return JSONAPI.json(["statuses": statuses.map(SubscriptionStatusJSON.init)])
    }

    @Sendable func introOfferEligibility(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let (bundleId, accountId) = try await customer(parameters)
        let groupId = try JSONAPI.parameter("groupId", parameters)
        let eligible = try await context.engine.isEligibleForIntroOffer(bundleId: bundleId, accountId: accountId, groupId: groupId)
        return JSONAPI.json(["eligible": eligible])
    }
}

/// A page of the updates feed.
struct UpdatesJSON: Encodable, Sendable {
    let updates: [Update]
    let cursor: Int64
    let hasMore: Bool

    struct Update: Encodable, Sendable {
        let sequence: Int64
        let date: Timestamp
        let jws: String
        let transaction: JWSTransactionDecodedPayload
    }

    init(_ page: TransactionUpdates) {
        updates = page.updates.map {
            Update(sequence: $0.sequence, date: $0.date, jws: $0.transaction.jws, transaction: $0.transaction.payload)
        }
        cursor = page.cursor
        hasMore = page.hasMore
    }
}
