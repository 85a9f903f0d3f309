@testable import EntitlementServer
import Foundation
import StoreHTTP
import Testing

@Suite struct LookupFastPathTests {
    @Test(arguments: [
        ("/v1/accounts/bob/entitlements", "bob"), ("/v1/accounts/bob/history", nil), ("/v1/accounts//entitlements", nil),
        ("/v1/accounts/a/b/entitlements", nil), ("/v2/accounts/bob/entitlements", nil),
        ("/v1/accounts/zoë/entitlements", "zoë"), ("/v1/accounts/entitlements", nil), ("/v1/accounts/bob/entitlements/", nil),
    ] as [(String, String?)])
    func `only the entitlements path of one account takes the fast path`(path: String, account: String?) {
        #expect(EntitlementResponder.lookupAccount(path) == account)
    }

    @Test func `a cached answer is served immediately, without deferred work`() async throws {
        try await Harness.run(on: .inMemory) { harness in
            _ = try await harness.service.grant(account: "bob", capability: "pro", grantId: "g", expiresAt: nil, reason: "test")
            let responder = EntitlementResponder(routes: try EntitlementRoutes(service: harness.service))
            let request = try HTTPRequest(
                method: .get, target: "/v1/accounts/bob/entitlements", headers: ["Authorization": "Bearer test"])
            guard case .deferred(let work) = responder.respond(to: request) else {
                Issue.record("the first lookup has nothing cached yet")
                return
            }
            #expect(await work().status == .ok)
            guard case .immediate(let response) = responder.respond(to: request) else {
                Issue.record("the second lookup was not answered from the cache")
                return
            }
            #expect(response.status == .ok)
            let anonymous = try HTTPRequest(method: .get, target: "/v1/accounts/bob/entitlements", headers: [:])
            guard case .deferred(let refused) = responder.respond(to: anonymous) else {
                Issue.record("a request without an API key was answered from the cache")
                return
            }
            #expect(await refused().status == .unauthorized)
        }
    }
}
