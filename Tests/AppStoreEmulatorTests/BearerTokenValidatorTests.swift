import AppStoreEmulator
import Foundation
import StoreCrypto
import StoreHTTP
import StoreModel
import Testing

/// The Server API accepts exactly the tokens Apple's clients make and refuses everything else with a reason.
@Suite struct BearerTokenValidatorTests {
    static let key = try! P256PrivateKey.generate()
    static let apiKey = APIKey(keyId: "ABCDEFGHIJ", issuerId: "1f5e6b1c-0000-4000-8000-000000000001",
        publicKeyPEM: key.publicKey.pemRepresentation)
    static let now = Timestamp(milliseconds: 1_800_000_000_000)
    static let validator = BearerTokenValidator(keys: try! APIKeyRegistry(keys: [apiKey]), clock: VirtualClock(now: now))
    static let seconds = Double(now.milliseconds) / 1000

    static func token(_ claims: [String: Any], kid: String = "ABCDEFGHIJ", alg: String = "ES256", key: P256PrivateKey = key) throws -> String {
        let payload = try JSONSerialization.data(withJSONObject: claims)
        let signed = try JWS.sign(payload: payload, key: key, header: JWSHeader(kid: kid, typ: "JWT"))
        guard alg != "ES256" else { return signed }
        // `JWS.sign` always writes ES256; swap in a header naming another algorithm.
        let header = try JSONSerialization.data(withJSONObject: ["alg": alg, "kid": kid, "typ": "JWT"])
        let encoded = header.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return encoded + signed.drop(while: { $0 != "." })
    }

    static func claims(_ changes: [String: Any?] = [:]) -> [String: Any] {
        var claims: [String: Any] = ["iss": apiKey.issuerId, "bid": "com.example", "aud": "appstoreconnect-v1", "exp": seconds + 300]
        for (name, value) in changes { claims[name] = value }
        return claims
    }

    static func check(_ token: String) -> String? {
        do {
            _ = try validator.bundleId(authorization: "Bearer " + token, servedBundleIds: ["com.example"])
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func acceptsPythonsTokenWithIntegerExpiryAndNoIssuedAt() throws {
        #expect(Self.check(try Self.token(Self.claims(["exp": Int(Self.seconds) + 300]))) == nil)
    }

    @Test func acceptsSwiftsTokenWithFractionalTimesAndAnAudienceArray() throws {
        let claims = Self.claims(["iat": Self.seconds - 0.25, "exp": Self.seconds + 299.75, "aud": ["appstoreconnect-v1"]])
        #expect(Self.check(try Self.token(claims)) == nil)
    }

    /// A claim set to a JSON literal (`null` removes it) and the words the refusal must contain.
    @Test(arguments: [
        ("exp", "\(seconds - 120)", "expired"),
        ("exp", "\(seconds + 7200)", "more than one hour"),
        ("iat", "\(seconds + 600)", "future"),
        ("aud", "\"other\"", "aud"),
        ("iss", "\"someone-else\"", "iss"),
        ("bid", "\"com.other\"", "serves no app"),
        ("exp", "null", "exp"),
        ("exp", "\"soon\"", "malformed"),
    ])
    func refusesTokensWithWrongClaims(claim: String, literal: String, reason: String) throws {
        let value = try JSONSerialization.jsonObject(with: Data(literal.utf8), options: .fragmentsAllowed)
        let refusal = Self.check(try Self.token(Self.claims([claim: value is NSNull ? nil : value])))
        #expect(refusal?.contains(reason) == true, "\(refusal ?? "accepted")")
    }

    @Test func refusesUnknownKeysForeignSignaturesAndOtherAlgorithms() throws {
        #expect(Self.check(try Self.token(Self.claims(), kid: "ZZZZZZZZZZ"))?.contains("No API key") == true)
        #expect(Self.check(try Self.token(Self.claims(), key: try P256PrivateKey.generate()))?.contains("signature") == true)
        #expect(Self.check(try Self.token(Self.claims(), alg: "ES384"))?.contains("ES256") == true)
        #expect(throws: AuthenticationFailure.self) {
            try Self.validator.bundleId(authorization: nil, servedBundleIds: ["com.example"])
        }
        #expect(throws: AuthenticationFailure.self) {
            try Self.validator.bundleId(authorization: "Basic abc", servedBundleIds: ["com.example"])
        }
    }

    @Test func theSchemeIsCaseInsensitiveAndWhitespaceAroundTheTokenIsIgnored() throws {
        let token = try Self.token(Self.claims())
        for header in ["bearer " + token, "BEARER " + token, "Bearer  " + token + "\t", "Bearer \u{3000}" + token + "\u{00A0}"] {
            #expect(try Self.validator.bundleId(authorization: header, servedBundleIds: ["com.example"]) == "com.example")
        }
        for header in ["Bearer", "Bearer ", "Bearer\t" + token, "Bearers " + token, token] {
            #expect(throws: AuthenticationFailure("The Authorization header is not \"Bearer <JWT>\".")) {
                try Self.validator.bundleId(authorization: header, servedBundleIds: ["com.example"])
            }
        }
    }

    @Test func aRefusalIs401WithAnEmptyBodyAndTheReasonInTheChallenge() {
        let response = AuthenticationFailure("The bearer token expired; sign a new one.").response
        #expect(response.status.code == 401 && response.body.isEmpty)
        #expect(response.headers["WWW-Authenticate"]?.contains("expired") == true)
    }
}
