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
    ///
    /// Read on the path's UTF-8 bytes: character comparison, and Foundation's `contains` on strings, cost more than
    /// the rest of a cached lookup.
    static func lookupAccount(_ path: String) -> String? {
        let bytes = path.utf8
        guard bytes.count > prefix.count + suffix.count, bytes.starts(with: prefix), bytes.reversed().starts(with: suffix.reversed())
        else { return nil }
        let account = bytes.dropFirst(prefix.count).dropLast(suffix.count)
        return account.contains(UInt8(ascii: "/")) ? nil : String(Substring(account))
    }

    private static let prefix = Array("/v1/accounts/".utf8)
    private static let suffix = Array("/entitlements".utf8)
}
