import AppStoreEmulator
import Foundation
import StoreCrypto
import StoreModel
import Testing

/// A validated bearer token is cached until its `exp`, never beyond, and never outlives its API key; a token that
/// differs in any byte is validated in full.
@Suite struct BearerTokenCacheTests {
    typealias Tokens = BearerTokenValidatorTests

    static func validator(clock: VirtualClock, capacity: Int = 16) throws -> BearerTokenValidator {
        BearerTokenValidator(keys: try APIKeyRegistry(keys: [Tokens.apiKey]), clock: clock, cacheCapacity: capacity)
    }

    static func refusal(_ validator: BearerTokenValidator, _ token: String) -> String? {
        do {
            _ = try validator.bundleId(authorization: "Bearer " + token, servedBundleIds: ["com.example"])
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func aCachedTokenIsRefusedOnceItExpires() throws {
        let clock = VirtualClock(now: Tokens.now)
        let validator = try Self.validator(clock: clock)
        let token = try Tokens.token(Tokens.claims(["exp": Tokens.seconds + 300]))
        #expect(Self.refusal(validator, token) == nil)
        #expect(validator.cachedTokenCount == 1)
        #expect(Self.refusal(validator, token) == nil)
        _ = clock.advance(by: .seconds(299))
        #expect(Self.refusal(validator, token) == nil)
        // Past exp the cache no longer answers; past the minute of skew the full check refuses.
        _ = clock.advance(by: .seconds(62))
        #expect(Self.refusal(validator, token)?.contains("expired") == true)
        #expect(validator.cachedTokenCount == 0)
    }

    @Test func aCachedTokenIsRefusedOnceItsKeyIsRemoved() throws {
        let validator = try Self.validator(clock: VirtualClock(now: Tokens.now))
        let token = try Tokens.token(Tokens.claims())
        #expect(Self.refusal(validator, token) == nil)
        #expect(validator.cachedTokenCount == 1)
        let other = APIKey(keyId: "KLMNOPQRST", issuerId: Tokens.apiKey.issuerId,
            publicKeyPEM: try P256PrivateKey.generate().publicKey.pemRepresentation)
        validator.replaceKeys(with: try APIKeyRegistry(keys: [other]))
        #expect(validator.cachedTokenCount == 0)
        #expect(Self.refusal(validator, token)?.contains("No API key") == true)
    }

    @Test func aTamperedTokenNeverHitsTheCache() throws {
        let validator = try Self.validator(clock: VirtualClock(now: Tokens.now))
        let token = try Tokens.token(Tokens.claims())
        #expect(Self.refusal(validator, token) == nil)
        // The same header and claims with another signature, and the signature with other claims.
        var signature = Array(token.split(separator: ".")[2])
        signature[4] = signature[4] == "A" ? "B" : "A"
        let forged = token.split(separator: ".")[0...1].joined(separator: ".") + "." + String(signature)
        #expect(Self.refusal(validator, forged)?.contains("signature") == true)
        let otherClaims = try Tokens.token(Tokens.claims(["bid": "com.example", "exp": Tokens.seconds + 200]))
            .split(separator: ".")[1]
        let spliced = [token.split(separator: ".")[0], otherClaims, token.split(separator: ".")[2]].joined(separator: ".")
        #expect(Self.refusal(validator, spliced)?.contains("signature") == true)
        #expect(validator.cachedTokenCount == 1)
    }

    @Test func aCachedTokenIsRefusedForAnAppNoLongerServed() throws {
        let validator = try Self.validator(clock: VirtualClock(now: Tokens.now))
        let token = try Tokens.token(Tokens.claims())
        #expect(Self.refusal(validator, token) == nil)
        #expect(throws: AuthenticationFailure.self) {
            try validator.bundleId(authorization: "Bearer " + token, servedBundleIds: ["com.other"])
        }
    }

    @Test func clientsTakingTurnsWithTheirTokensEachExpireOnTime() throws {
        let clock = VirtualClock(now: Tokens.now)
        let validator = try Self.validator(clock: clock)
        let early = try Tokens.token(Tokens.claims(["exp": Tokens.seconds + 100]))
        let late = try Tokens.token(Tokens.claims(["exp": Tokens.seconds + 300]))
        for _ in 0..<3 {
            #expect(Self.refusal(validator, early) == nil)
            #expect(Self.refusal(validator, late) == nil)
        }
        #expect(validator.cachedTokenCount == 2)
        // The late token was checked last; the early one still expires at its own exp.
        _ = clock.advance(by: .seconds(161))
        #expect(Self.refusal(validator, early)?.contains("expired") == true)
        #expect(Self.refusal(validator, late) == nil)
        #expect(validator.cachedTokenCount == 1)
        _ = clock.advance(by: .seconds(200))
        #expect(Self.refusal(validator, late)?.contains("expired") == true)
        #expect(validator.cachedTokenCount == 0)
    }

    @Test func theCacheStaysWithinItsCapacity() throws {
        let validator = try Self.validator(clock: VirtualClock(now: Tokens.now), capacity: 3)
        for offset in 0..<7 {
            #expect(Self.refusal(validator, try Tokens.token(Tokens.claims(["exp": Tokens.seconds + 100 + Double(offset)]))) == nil)
            #expect(validator.cachedTokenCount <= 3)
        }
    }
}
