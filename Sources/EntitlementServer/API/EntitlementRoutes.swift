public import StoreHTTP
import Foundation
import StoreModel
import StoreStorage

/// The HTTP face of an ``EntitlementService``: thin routes that parse, authenticate, call the service and
/// render JSON. Every error is `{"error": {"code", "message"}}`.
public struct EntitlementRoutes: Sendable {
    let service: EntitlementService
    let authenticator: APIKeyAuthenticator
    let answerSigner: AnswerSigner?
    let reconcile: (@Sendable ([String]) async -> ReconcileReport)?

    /// Creates the routes.
    /// - Parameters:
    ///   - service: The domain operations.
    ///   - reconcile: Runs the reconciler on demand (`POST /v1/reconcile`); `nil` answers 404 there.
    /// - Throws: when the configured signing key cannot be read.
    public init(
        service: EntitlementService,
        reconcile: (@Sendable ([String]) async -> ReconcileReport)? = nil
    ) throws {
        self.service = service
        authenticator = APIKeyAuthenticator(keys: service.configuration.apiKeys)
        answerSigner = try service.configuration.signingKeyPEM.map { try AnswerSigner(pem: $0) }
        self.reconcile = reconcile
    }

    /// The router.
    public var router: Router {
        var router = Router(errorResponse: RouteResponses.standardError)
        router.get("/health") { _, _ in try await health() }
        router.post("/v1/notifications") { request, _ in try await notification(request) }
        router.get("/v1/signing-key") { _, _ in try signingKey() }
        router.post("/v1/reconcile") { request, _ in try await reconcileNow(request) }
        router.group("/v1/accounts/{account}") { account in
            account.post("/transactions") { request, parameters in try await submit(request, parameters) }
            account.get("/entitlements") { request, parameters in try await entitlements(request, parameters) }
            account.get("/history") { request, parameters in try await history(request, parameters) }
            account.put("/app-account-token") { request, parameters in try await registerToken(request, parameters) }
            account.post("/grants") { request, parameters in try await grant(request, parameters) }
            account.delete("/grants/{grantId}") { request, parameters in try await revoke(request, parameters) }
            account.post("/consumables/{currency}/spend") { request, parameters in try await spend(request, parameters) }
        }
        return router
    }

    private func health() async throws -> HTTPResponse {
        do {
            _ = try await service.database.query("SELECT 1 AS ok")
        } catch {
            throw EntitlementServiceError.unavailable("The database is unreachable (\(error)).")
        }
        return try RouteResponses.json(["status": "ok"])
    }

    private func notification(_ request: HTTPRequest) async throws -> HTTPResponse {
        let outcome = try await service.ingestNotification(body: request.body)
        let status = outcome.duplicate ? "duplicate" : outcome.appliedToTimeline ? "applied" : "recorded"
        return HTTPResponse.json(IngestAnswer(status: status, events: outcome.eventIds).json)
    }

    private func signingKey() throws -> HTTPResponse {
        guard let answerSigner else {
            throw EntitlementServiceError.notFound("No signingKey is configured, so answers are not signed.")
        }
        return try RouteResponses.json(answerSigner.publication)
    }

    private func reconcileNow(_ request: HTTPRequest) async throws -> HTTPResponse {
        _ = try authenticator.authenticate(request)
        guard let reconcile else {
            throw EntitlementServiceError.notFound("No environment has a serverAPI, so there is nothing to reconcile.")
        }
        let body = request.body.isEmpty ? ReconcileBody() : try RouteResponses.decode(ReconcileBody.self, from: request)
        return try RouteResponses.json(await reconcile(body.originalTransactionIds ?? []))
    }

    private func account(_ request: HTTPRequest, _ parameters: RouteParameters) throws(EntitlementServiceError) -> String {
        _ = try authenticator.authenticate(request)
        return parameters["account"] ?? ""
    }

    private func submit(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let account = try account(request, parameters)
        let body = try RouteResponses.decode(SubmitTransactionBody.self, from: request)
        let (_, decision) = try await service.submitTransaction(
            account: account, signedTransaction: body.signedTransaction, signedRenewalInfo: body.signedRenewalInfo)
        let owner: String? =
            switch decision {
            case .kept(let owner), .shared(let owner): owner
            default: account
            }
        let answer = SubmitAnswer(decision: decision.name, owner: owner, entitlements: try await service.entitlements(account: account))
        return try RouteResponses.json(answer)
    }

    private func entitlements(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let account = try account(request, parameters)
        guard request.queryValue("signed") == "true" else {
            return HTTPResponse.json(Data(try await service.entitlementsJSON(account: account)))
        }
        let answer = try await service.entitlements(account: account)
        guard let answerSigner else {
            throw EntitlementServiceError.invalidRequest("signed=true needs a signingKey in the configuration file.")
        }
        return try RouteResponses.json(["signedEntitlements": try answerSigner.sign(answer, at: service.currentTime())])
    }

    private func history(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let account = try account(request, parameters)
        return try RouteResponses.json(["accountId": AnyEncodable(account), "history": AnyEncodable(try await service.history(account: account))])
    }

    private func registerToken(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let account = try account(request, parameters)
        let body = try RouteResponses.decode(AppAccountTokenBody.self, from: request)
        try await service.registerAppAccountToken(body.appAccountToken, account: account)
        return try RouteResponses.json(["accountId": account, "appAccountToken": body.appAccountToken.lowercased()])
    }

    private func grant(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let account = try account(request, parameters)
        let body = try RouteResponses.decode(GrantBody.self, from: request)
        let start = body.startsAt.map(Timestamp.init(milliseconds:))
        var end = body.expiresAt.map(Timestamp.init(milliseconds:))
        if let duration = body.durationSeconds {
            guard duration > 0, end == nil else {
                throw EntitlementServiceError.invalidRequest("Give either expiresAt or a positive durationSeconds, not both.")
            }
            end = (start ?? service.currentTime()).adding(milliseconds: duration * 1000)
        }
        let created = try await service.grant(
            account: account, capability: body.capability, grantId: body.grantId, startsAt: start, expiresAt: end,
            reason: body.reason ?? "promotional grant")
        return try RouteResponses.json(
            ["created": AnyEncodable(created), "entitlements": AnyEncodable(try await service.entitlements(account: account))],
            status: created ? .created : .ok)
    }

    private func revoke(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let account = try account(request, parameters)
        try await service.revokeGrant(account: account, grantId: parameters["grantId"] ?? "")
        return try RouteResponses.json(try await service.entitlements(account: account))
    }

    private func spend(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let account = try account(request, parameters)
        let body = try RouteResponses.decode(SpendBody.self, from: request)
        let result = try await service.spend(
            account: account, currency: parameters["currency"] ?? "", amount: body.amount, idempotencyKey: body.idempotencyKey)
        switch result {
        case .spent(let balance): return try RouteResponses.json(SpendAnswer(status: "spent", balance: balance))
        case .alreadyApplied(let balance): return try RouteResponses.json(SpendAnswer(status: "already_applied", balance: balance))
        case .insufficient(let balance):
            throw EntitlementServiceError.conflict("The balance is \(balance), less than \(body.amount); nothing was spent.")
        }
    }
}

/// A type-erased `Encodable`, for small mixed answers.
struct AnyEncodable: Encodable, Sendable {
    private let encodeValue: @Sendable (any Encoder) throws -> Void

    init<Value: Encodable & Sendable>(_ value: Value) {
        encodeValue = { encoder in try value.encode(to: encoder) }
    }

    func encode(to encoder: any Encoder) throws {
        try encodeValue(encoder)
    }
}
