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
}
