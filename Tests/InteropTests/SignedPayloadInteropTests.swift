import Foundation
import StoreCrypto
import StoreModel
import Testing

/// Apple's Python library — strict X.509 checks on, online checks off, a Sandbox verifier rooted at Tienda's
/// certificate authority — verifies and decodes what Tienda signs, and every field Tienda sets comes back with
/// the same value.
@Suite(.enabled(if: AppleOracle.isAvailable, "Apple's Python library is not installed (make venv)"))
struct SignedPayloadInteropTests {
    /// A payload signed by Tienda, with the JSON that was signed.
    struct Signed {
        var kind: String
        var jws: String
        var json: Data
    }

    static let bundleId = "com.example"

    static func sign(_ kind: String, _ value: some Encodable) throws -> Signed {
        let json = try AppleJSON.encoder().encode(value)
        return Signed(kind: kind, jws: try InteropFixtures.authority.signer.sign(payload: json), json: json)
    }

    static func transaction() throws -> Signed {
        var payload = try InteropFixtures.model("signedTransaction.json", as: JWSTransactionDecodedPayload.self)
        payload.environment = .sandbox
        payload.bundleId = bundleId
        return try sign("transaction", payload)
    }

    static func renewalInfo() throws -> Signed {
        var payload = try InteropFixtures.model("signedRenewalInfo.json", as: JWSRenewalInfoDecodedPayload.self)
        payload.environment = .sandbox
        return try sign("renewal", payload)
    }

    static func appTransaction() throws -> Signed {
        var payload = try InteropFixtures.model("appTransaction.json", as: AppTransaction.self)
        payload.receiptType = .sandbox
        payload.bundleId = bundleId
        return try sign("app-transaction", payload)
    }

    static func notifications(transaction: Signed, renewalInfo: Signed, appTransaction: Signed) throws -> [Signed] {
        var subscribed = try InteropFixtures.model("signedNotification.json", as: ResponseBodyV2DecodedPayload.self)
        subscribed.data?.environment = .sandbox
        subscribed.data?.bundleId = bundleId
        subscribed.data?.signedTransactionInfo = transaction.jws
        subscribed.data?.signedRenewalInfo = renewalInfo.jws
        var summary = try InteropFixtures.model("signedSummaryNotification.json", as: ResponseBodyV2DecodedPayload.self)
        summary.summary?.environment = .sandbox
        summary.summary?.bundleId = bundleId
        var rescind = try InteropFixtures.model("signedRescindConsentNotification.json", as: ResponseBodyV2DecodedPayload.self)
        rescind.appData?.environment = .sandbox
        rescind.appData?.bundleId = bundleId
        rescind.appData?.signedAppTransactionInfo = appTransaction.jws
        let token = try InteropFixtures.model(
            "signedExternalPurchaseTokenSandboxNotification.json", as: ResponseBodyV2DecodedPayload.self)
        return try [subscribed, summary, rescind, token].map { try sign("notification", $0) }
    }

    static func everything() throws -> [Signed] {
        let transaction = try transaction()
        let renewalInfo = try renewalInfo()
        let appTransaction = try appTransaction()
        return [transaction, renewalInfo, appTransaction]
            + (try notifications(transaction: transaction, renewalInfo: renewalInfo, appTransaction: appTransaction))
    }

    static func request(_ items: [Signed], environment: String = "Sandbox", appAppleId: Int64? = nil) -> [String: Any] {
        var request: [String: Any] = [
            "roots": [InteropFixtures.authority.root.derRepresentation.base64EncodedString()],
            "bundleId": bundleId, "environment": environment, "strict": true, "online": false,
            "items": items.map { ["kind": $0.kind, "jws": $0.jws] },
        ]
        if let appAppleId { request["appAppleId"] = appAppleId }
        return request
    }

    @Test func applesVerifierAcceptsAndDecodesEveryFieldOfEveryKindOfSignedData() throws {
        let signed = try Self.everything()
        let results = try AppleOracle.results("verify", Self.request(signed))
        try #require(results.count == signed.count)
        for (item, result) in zip(signed, results) {
            #expect(result["status"] as? String == "OK", "\(item.kind): \(result["error"] ?? "")")
            guard let decoded = result["decoded"] else { continue }
            let differences = JSONTree.differences(expected: try JSONTree.parse(item.json), actual: decoded)
            #expect(differences.isEmpty, "\(item.kind): \(differences.joined(separator: "; "))")
        }
    }

    @Test func ourVerifierAcceptsWhatItSignedWithTheSameFields() throws {
        let verifier = try SignedDataVerifier(
            rootCertificates: [InteropFixtures.authority.root.derRepresentation], bundleId: Self.bundleId,
            appAppleId: nil, environment: .sandbox, strictX509: true, currentTime: { Timestamp(Date()) })
        let transaction = try Self.transaction()
        let decoded = try verifier.verifyTransaction(transaction.jws).payloadValue
        #expect(decoded == (try AppleJSON.decoder().decode(JWSTransactionDecodedPayload.self, from: transaction.json)))
        #expect(verifier.verifyRenewalInfo(try Self.renewalInfo().jws).isVerified)
        #expect(verifier.verifyAppTransaction(try Self.appTransaction().jws).isVerified)
    }

    @Test func applesProductionVerifierChecksTheAppAppleIdOfOurAppTransaction() throws {
        var payload = try InteropFixtures.model("appTransaction.json", as: AppTransaction.self)
        payload.receiptType = .production
        payload.bundleId = Self.bundleId
        let signed = try Self.sign("app-transaction", payload)
        let matching = try AppleOracle.results(
            "verify", Self.request([signed], environment: "Production", appAppleId: payload.appAppleId))
        let other = try AppleOracle.results("verify", Self.request([signed], environment: "Production", appAppleId: 1))
        #expect(matching.first?["status"] as? String == "OK")
        #expect(other.first?["status"] as? String == "INVALID_APP_IDENTIFIER")
    }
}
