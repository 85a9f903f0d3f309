import Foundation
import StoreCrypto
import StoreModel

/// Checks the ES256 bearer tokens Apple's App Store Server API clients send (Python: integer `exp`, no `iat`;
/// Swift: fractional `exp` and `iat`).
///
/// A token passes when its header says `alg: ES256` with the `kid` of a registered ``APIKey``, the signature
/// verifies with that key, `iss` is the key's issuer ID, `bid` names an app the emulator serves, `aud` is
/// `appstoreconnect-v1` (a string or a one-element array), `exp` lies in the future but at most one hour ahead
/// (of `iat` when given, else of now), and `iat`, when given, is not in the future. A minute of clock skew is
/// allowed. Times are read from the wall clock, not the emulator's (possibly advanced) clock: clients sign with
/// real time.
///
/// Tokens that pass are cached by their exact bytes until their `exp` (see `BearerTokenCache`), so a reused token
/// is verified once; ``replaceKeys(with:)`` (a key removed or revoked) forgets them all.
public struct BearerTokenValidator: Sendable {
    /// The audience Apple's clients put in `aud`.
    public static let audience = "appstoreconnect-v1"
    /// The longest lifetime Apple accepts.
    public static let maximumLifetime: Double = 3600
    /// The clock skew tolerated on `exp` and `iat`.
    public static let skew: Double = 60

    /// The most validated tokens kept by default.
    public static let defaultCacheCapacity = 4096

    private let cache: BearerTokenCache
    private let clock: any StoreClock

    /// Creates a validator for these keys, reading the time from `clock` (the wall clock by default) and keeping
    /// up to `cacheCapacity` validated tokens.
    public init(keys: APIKeyRegistry, clock: any StoreClock = SystemClock(), cacheCapacity: Int = defaultCacheCapacity) {
        cache = BearerTokenCache(keys: keys, capacity: max(1, cacheCapacity))
        self.clock = clock
    }

    /// Replaces the accepted keys (a key added, removed or revoked); every cached token is forgotten, so a token
    /// of a removed key is refused from the next request on.
    public func replaceKeys(with keys: APIKeyRegistry) {
        cache.replaceKeys(with: keys)
    }

    /// How many validated tokens are cached.
    public var cachedTokenCount: Int { cache.count }

    /// Validates an `Authorization` header value and returns the bundle ID the token is for.
    /// - Parameters:
    ///   - authorization: The header value, `Bearer <JWT>`.
    ///   - servedBundleIds: The apps the emulator serves.
    /// - Throws: ``AuthenticationFailure`` naming the first problem.
    public func bundleId(
        authorization: String?, servedBundleIds: Set<String>
    ) throws(AuthenticationFailure) -> String {
        guard let authorization, !authorization.isEmpty else {
            throw AuthenticationFailure("No Authorization header; send \"Authorization: Bearer <JWT signed with your API key>\".")
        }
        guard let token = BearerCredentials.token(in: authorization) else {
            throw AuthenticationFailure("The Authorization header is not \"Bearer <JWT>\".")
        }
        let now = Double(clock.now.milliseconds) / 1000
        if let bundleId = cache.bundleId(token: token, now: now, servedBundleIds: servedBundleIds) { return bundleId }
        let jws: CompactJWS
        do {
            jws = try CompactJWS(parsing: token, maximumByteCount: 16_384)
        } catch {
            throw AuthenticationFailure("The bearer token is not a compact JWS: \(error).")
        }
        guard jws.header.alg == "ES256" else {
            throw AuthenticationFailure("The bearer token's alg is \(jws.header.alg ?? "missing"), not ES256.")
        }
        guard let keyId = jws.header.kid else { throw AuthenticationFailure("The bearer token's header has no kid.") }
        let (keys, generation) = cache.keys
        guard let (key, publicKey) = keys.key(id: keyId) else {
            throw AuthenticationFailure("No API key with ID \(keyId) is registered; use the key `tienda serve` printed.")
        }
        guard jws.hasValidES256Signature(from: publicKey) else {
            throw AuthenticationFailure("The bearer token's signature does not verify with API key \(keyId).")
        }
        let claims: BearerTokenClaims
        do {
            claims = try JSONDecoder().decode(BearerTokenClaims.self, from: jws.payload)
        } catch {
            throw AuthenticationFailure("The bearer token's claims are malformed: iss, bid and aud must be strings, exp and iat numbers.")
        }
        try check(claims, key: key, now: now)
        guard let bundleId = claims.bid else { throw AuthenticationFailure("The bearer token has no bid claim.") }
        guard servedBundleIds.contains(bundleId) else {
            let served = servedBundleIds.sorted().joined(separator: ", ")
            throw AuthenticationFailure("The emulator serves no app \(bundleId) (bid); it serves \(served).")
        }
        if let expiry = claims.exp {
            cache.insert(token: token, entry: .init(keyId: keyId, bundleId: bundleId, expiry: expiry), now: now, generation: generation)
        }
        return bundleId
    }

    private func check(_ claims: BearerTokenClaims, key: APIKey, now: Double) throws(AuthenticationFailure) {
        guard claims.iss == key.issuerId else {
            throw AuthenticationFailure("The bearer token's iss is not the issuer ID \(key.issuerId) of API key \(key.keyId).")
        }
        guard claims.aud?.values == [Self.audience] else {
            throw AuthenticationFailure("The bearer token's aud must be \"\(Self.audience)\".")
        }
        guard let expiry = claims.exp else { throw AuthenticationFailure("The bearer token has no exp claim.") }
        guard expiry > now - Self.skew else { throw AuthenticationFailure("The bearer token expired; sign a new one.") }
        if let issuedAt = claims.iat, issuedAt > now + Self.skew {
            throw AuthenticationFailure("The bearer token's iat lies in the future; check the client's clock.")
        }
        guard expiry <= (claims.iat ?? now) + Self.maximumLifetime + Self.skew else {
            throw AuthenticationFailure("The bearer token's exp is more than one hour after \(claims.iat == nil ? "now" : "iat").")
        }
    }
}
