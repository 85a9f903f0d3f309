import AppStoreEngine
import Foundation
import StoreHTTP
import StoreModel

/// The App Store Server API under `/inApps`: every endpoint Apple's `AppStoreServerAPIClient` calls, answering
/// for the app named by the bearer token's `bid`, with Apple's bodies and Apple's errors.
public struct AppStoreServerAPIRoutes: RouteGroup {
    /// A Server API handler: the request, its path parameters and the authenticated app's bundle ID.
    typealias Handler = @Sendable (HTTPRequest, RouteParameters, String) async throws -> HTTPResponse

    let context: EmulatorContext
    /// Get Transaction Info bodies of the JWSs the engine's read cache serves again.
    let transactionInfoBodies = TransactionInfoBodies()

    /// Creates the route group.
    public init(context: EmulatorContext) {
        self.context = context
    }

    public func register(on router: inout Router) {
        router.group("/inApps") { api in
            api.get(
                "/v1/transactions/{transactionId}", authenticatedFastPath(cachedTransactionInfo),
                handler: authenticated(transactionInfo))
            api.get("/v1/history/{transactionId}", handler: authenticated(transactionHistory))
            api.get("/v2/history/{transactionId}", handler: authenticated(transactionHistory))
            api.get("/v1/subscriptions/{transactionId}", handler: authenticated(subscriptionStatuses))
            api.get("/v2/refund/lookup/{transactionId}", handler: authenticated(refundHistory))
            api.get("/v1/lookup/{orderId}", handler: authenticated(lookUpOrder))
            api.put("/v1/subscriptions/extend/{originalTransactionId}", handler: authenticated(extendRenewalDate))
            api.post("/v1/subscriptions/extend/mass", handler: authenticated(extendAllRenewalDates))
            api.get("/v1/subscriptions/extend/mass/{productId}/{requestIdentifier}", handler: authenticated(massExtensionStatus))
            api.post("/v1/notifications/test", handler: authenticated(requestTestNotification))
            api.get("/v1/notifications/test/{testNotificationToken}", handler: authenticated(testNotificationStatus))
            api.post("/v1/notifications/history", handler: authenticated(notificationHistory))
            api.put("/v1/transactions/consumption/{transactionId}", handler: authenticated(sendConsumptionDataV1))
            api.put("/v2/transactions/consumption/{transactionId}", handler: authenticated(sendConsumptionInformation))
            api.put("/v1/transactions/{originalTransactionId}/appAccountToken", handler: authenticated(setAppAccountToken))
            api.get("/v1/transactions/appTransactions/{transactionId}", handler: authenticated(appTransactionInfo))
            api.post("/v1/transactions/{transactionId}/finish", handler: authenticated(finishTransaction))
        }
    }

    /// Wraps a handler: checks the bearer token first, and renders every failure as Apple's error body (401 with
    /// an empty body for a refused token).
    func authenticated(_ handler: @escaping Handler) -> Router.Handler {
        let context = context
        return { request, parameters in
            do {
                let bundleId = try context.authenticator.bundleId(
                    authorization: request.headers["Authorization"], servedBundleIds: context.servedBundleIds())
                return try await handler(request, parameters, bundleId)
            } catch {
                return Self.errorResponse(error)
            }
        }
    }

    /// The answer to a failed request, in Apple's error format: the engine's errors and HTTP errors as such,
    /// anything else as a general internal error.
    private static func errorResponse(_ error: any Error) -> HTTPResponse {
        switch error {
        case let error as AppStoreEngineError: ServerAPIError(error).response
        case let error as any HTTPResponseError: error.response
        default: ServerAPIError.generalInternal.response
        }
    }

    /// Wraps the synchronous first attempt of a handler (``Router/FastPath``): the same bearer token check and
    /// error rendering as ``authenticated(_:)``, then `answer`, which returns `nil` to leave the request to the
    /// route's asynchronous handler.
    func authenticatedFastPath(
        _ answer: @escaping @Sendable (HTTPRequest, RouteParameters, String) throws -> HTTPResponse?
    ) -> Router.FastPath {
        let context = context
        return .fastPath { request, parameters in
            do {
                let bundleId = try context.authenticator.bundleId(
                    authorization: request.headers["Authorization"], servedBundleIds: context.servedBundleIds())
                return try answer(request, parameters, bundleId)
            } catch {
                return Self.errorResponse(error)
            }
        }
    }

    /// The customer a transaction ID in the path belongs to, in the authenticated app.
    /// - Throws: `invalid` for an ID that is not a number, 4040010 for one the app does not know.
    func customer(
        _ transactionId: String?, bundleId: String, invalid: ServerAPIError = .invalidTransactionId,
        notFound: ServerAPIError = .transactionIdNotFound
    ) async throws(ServerAPIError) -> Customer {
        guard let transactionId, Self.isNumericIdentifier(transactionId) else { throw invalid }
        let customer: Customer
        do throws(AppStoreEngineError) {
            customer = try await context.engine.customer(ofTransaction: transactionId)
        } catch {
            throw error == .transactionNotFound(transactionId: transactionId) ? notFound : ServerAPIError(error)
        }
        guard customer.bundleId == bundleId else { throw notFound }
        return customer
    }

    /// The app as registered.
    func app(_ bundleId: String) async throws(ServerAPIError) -> RegisteredApp {
        do throws(AppStoreEngineError) {
            return try await context.engine.app(bundleId)
        } catch {
            throw ServerAPIError(error)
        }
    }

    /// A JSON body, or 4000000 saying what is wrong with it.
    func body<Value: Decodable>(_ type: Value.Type, of request: HTTPRequest) throws(ServerAPIError) -> Value {
        switch JSONBody.decode(type, from: request) {
        case .success(let value): return value
        case .failure(let problem): throw .generalBadRequest(problem.reason)
        }
    }

    /// Apple's JSON response with Apple's coders.
    static func json(_ value: some Encodable) -> HTTPResponse {
        .json((try? AppleJSON.encoder().encode(value)) ?? Data("{}".utf8))
    }

    /// Whether an identifier is a run of 1 to 19 ASCII digits, as Apple's transaction IDs are.
    static func isNumericIdentifier(_ value: String) -> Bool {
        (1...19).contains(value.utf8.count) && value.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }
}
