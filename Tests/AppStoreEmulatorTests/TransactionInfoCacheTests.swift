import AppStoreEmulator
import AppStoreEngine
import Foundation
import StoreCrypto
import StoreHTTP
import StoreModel
import Testing

/// Get Transaction Info over HTTP with one token reused: Apple's body bytes, and a change to the transaction shows
/// in the very next answer although the unchanged answer may be served again.
@Suite struct TransactionInfoCacheTests {
    static func signedTransaction(_ response: HTTPClientResponse) throws -> (jws: String, payload: [String: Any]) {
        let body = try #require(JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        let jws = try #require(body["signedTransactionInfo"] as? String)
        let payload = try #require(JSONSerialization.jsonObject(with: CompactJWS(parsing: jws).payload) as? [String: Any])
        return (jws, payload)
    }

    @Test func aRefundShowsInTheNextAnswerToTheSameToken() async throws {
        let setup = try await BadInputTests.Setup.make()
        let authorization = "Bearer " + (try setup.token())

        let first = try await setup.transactionInfo(authorization: authorization)
        #expect(first.status == .ok)
        let (jws, payload) = try Self.signedTransaction(first)
        #expect(first.body == (try AppleJSON.encoder().encode(TransactionInfoResponse(signedTransactionInfo: jws))))
        #expect(payload["revocationDate"] == nil)
        #expect(try await setup.transactionInfo(authorization: authorization).status == .ok)

        try await setup.harness.engine.refund(transactionId: setup.transactionId)
        let refunded = try Self.signedTransaction(try await setup.transactionInfo(authorization: authorization))
        #expect(refunded.payload["revocationDate"] != nil)
        await setup.harness.stop()
    }

    /// The route's fast path answers a transaction the engine's read cache holds at once, with the bytes the
    /// asynchronous handler wrote, and leaves anything else (nothing cached, the store changed) to that handler.
    @Test func aCachedTransactionIsAnsweredImmediatelyUntilTheStoreChanges() async throws {
        let setup = try await BadInputTests.Setup.make()
        var router = Router()
        AppStoreServerAPIRoutes(context: setup.harness.server.context).register(on: &router)
        let request = try HTTPRequest(
            method: .get, target: "/inApps/v1/transactions/\(setup.transactionId)",
            headers: ["Authorization": "Bearer " + (try setup.token())])

        guard case .deferred(let sign) = router.respond(to: request) else {
            Issue.record("a transaction never read was answered without signing it")
            return
        }
        let signed = await sign()
        #expect(signed.status == .ok)
        guard case .immediate(let cached) = router.respond(to: request) else {
            Issue.record("a transaction signed a moment ago was not answered from the read cache")
            return
        }
        #expect(cached.status == .ok && cached.body == signed.body)
        #expect(cached.contentType == "application/json")

        try await setup.harness.engine.refund(transactionId: setup.transactionId)
        guard case .deferred(let signAgain) = router.respond(to: request) else {
            Issue.record("a refunded transaction was answered from the read cache")
            return
        }
        let refunded = await signAgain()
        #expect(refunded.body != signed.body)
        #expect(try Self.signedTransaction(HTTPClientResponse(status: refunded.status, headers: [:], body: refunded.body)).payload["revocationDate"] != nil)
        guard case .immediate(let refundedAgain) = router.respond(to: request) else {
            Issue.record("the refunded transaction was not cached after it was signed")
            return
        }
        #expect(refundedAgain.body == refunded.body)
        await setup.harness.stop()
    }

    /// With the transaction cached, a bad token is still refused (401, no body), at once.
    @Test func theFastPathRefusesBadTokens() async throws {
        let setup = try await BadInputTests.Setup.make()
        var router = Router()
        AppStoreServerAPIRoutes(context: setup.harness.server.context).register(on: &router)
        let target = "/inApps/v1/transactions/\(setup.transactionId)"
        let valid = try HTTPRequest(method: .get, target: target, headers: ["Authorization": "Bearer " + (try setup.token())])
        #expect(await router.response(to: valid).status == .ok)

        let unsigned = try HTTPRequest(method: .get, target: target, headers: ["Authorization": "Bearer not-a-token"])
        guard case .immediate(let refused) = router.respond(to: unsigned) else {
            Issue.record("a malformed token was not refused at once")
            return
        }
        #expect(refused.status == .unauthorized && refused.body.isEmpty)
        let expired = try HTTPRequest(
            method: .get, target: target,
            headers: ["Authorization": "Bearer " + (try setup.token(["iat": Int(setup.now) - 7200, "exp": Int(setup.now) - 3600]))])
        #expect(await router.response(to: expired).status == .unauthorized)
        await setup.harness.stop()
    }
}
