import Foundation
import StoreHTTP

/// The server's responder: a fast path for entitlement lookups whose answer is cached — answered at once on the
/// polling thread, with no task or suspended connection — and the router for everything else.
struct EntitlementResponder: HTTPResponder {
    let routes: EntitlementRoutes
    let router: Router

    init(routes: EntitlementRoutes) {
        self.routes = routes
        router = routes.router
    }

    func respond(to request: HTTPRequest) -> HTTPResponderResult {
        if request.method == .get, request.queryItems.isEmpty, let account = Self.lookupAccount(request.path),
            (try? routes.authenticator.authenticate(request)) != nil,
            let cached = routes.service.cachedEntitlementsJSON(account: account)
        {
            return .immediate(HTTPResponse.json(Data(cached)))
        }
        return router.respond(to: request)
    }

    /// The account of `/v1/accounts/{account}/entitlements`, or `nil` for any other path.
    static func lookupAccount(_ path: String) -> String? {
        let prefix = "/v1/accounts/"
        let suffix = "/entitlements"
        guard path.hasPrefix(prefix), path.hasSuffix(suffix), path.count > prefix.count + suffix.count else { return nil }
        let account = path.dropFirst(prefix.count).dropLast(suffix.count)
        return account.contains("/") ? nil : String(account)
    }
}
