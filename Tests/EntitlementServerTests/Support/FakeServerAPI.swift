import Foundation
import StoreCrypto
import StoreHTTP
import StoreModel
import Synchronization

/// A small App Store Server API for the reconciler tests: it checks the bearer token as Apple documents it and
/// serves Notification History (two items per page) and All Subscription Statuses from what the test gives it.
final class FakeServerAPI: Sendable {
    struct State {
        var history: [String] = []
        var statuses: [String: StatusResponse] = [:]
        var historyRequests: [NotificationHistoryRequest] = []
        var tokenProblems: [String] = []
    }

    let state = Mutex(State())
    let publicKey: P256PublicKey
    let keyId: String
    let issuerId: String
    let bundleId: String

    init(publicKey: P256PublicKey, keyId: String, issuerId: String, bundleId: String) {
        self.publicKey = publicKey
        self.keyId = keyId
        self.issuerId = issuerId
        self.bundleId = bundleId
    }

    var router: Router {
        var router = Router()
        router.post("/inApps/v1/notifications/history") { [self] request, _ in
            try check(request)
            let body = try JSONDecoder().decode(NotificationHistoryRequest.self, from: request.body)
            let page = request.queryValue("paginationToken").flatMap(Int.init) ?? 0
            let items = state.withLock { state in
                state.historyRequests.append(body)
                return state.history
            }
            let slice = Array(items.dropFirst(page * 2).prefix(2))
            let hasMore = items.count > (page + 1) * 2
            let response = NotificationHistoryResponse(
                paginationToken: hasMore ? String(page + 1) : nil, hasMore: hasMore,
                notificationHistory: slice.map { NotificationHistoryResponseItem(signedPayload: $0) })
            return try .json(response)
        }
        router.get("/inApps/v1/subscriptions/{id}") { [self] request, parameters in
            try check(request)
            guard let response = state.withLock({ $0.statuses[parameters["id"] ?? ""] }) else {
                return .json(Data(#"{"errorCode":4040005,"errorMessage":"Original transaction id not found."}"#.utf8), status: .notFound)
            }
            return try .json(response)
        }
        return router
    }

    /// Records every way the bearer token differs from Apple's rules.
    private func check(_ request: HTTPRequest) throws {
        var problems: [String] = []
        let token = request.headers["Authorization"].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil } ?? ""
        let parts = token.split(separator: ".")
        if parts.count == 3,
            let header = try? JSONSerialization.jsonObject(with: Base64URL.decode(parts[0])) as? [String: Any],
            let claims = try? JSONSerialization.jsonObject(with: Base64URL.decode(parts[1])) as? [String: Any],
            let signature = try? Base64URL.decode(parts[2])
        {
            if header["alg"] as? String != "ES256" || header["kid"] as? String != keyId || header["typ"] as? String != "JWT" {
                problems.append("header \(header)")
            }
            let iat = (claims["iat"] as? NSNumber)?.int64Value ?? 0
            let exp = (claims["exp"] as? NSNumber)?.int64Value ?? 0
            if claims["iss"] as? String != issuerId || claims["bid"] as? String != bundleId
                || claims["aud"] as? String != "appstoreconnect-v1" || exp <= iat || exp - iat > 3600
            {
                problems.append("claims \(claims)")
            }
            if !publicKey.isValidRawSignature(signature, for: Data("\(parts[0]).\(parts[1])".utf8)) { problems.append("signature") }
        } else {
            problems.append("no bearer JWT")
        }
        state.withLock { $0.tokenProblems += problems }
    }
}
