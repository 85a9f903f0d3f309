import Foundation
import StoreModel

/// Verifies App Store signed data (compact JWS with an `x5c` chain) and decodes its payload, with the policy of
/// Apple's `SignedDataVerifier`.
///
/// Pipeline, in order (each step's failure is a specific ``VerificationFailure/Reason``):
/// 1. size limit; exactly three segments; strict base64url; the header is a JSON object;
/// 2. the payload decodes into the requested `SignedPayload` type;
/// 3. for a verifier configured for Xcode or LocalTesting (decode-only, allowed explicitly), skip to step 8;
/// 4. `alg` is `ES256`; `x5c` has exactly three entries (`x5c[2]` is ignored: the anchor is a configured root);
/// 5. `x5c[0]` and `x5c[1]` are strict padded base64 of DER certificates, and the chain leads to a configured
///    root at the payload's `verificationInstant` (or "now" when it has none or when online
///    checks are on), with OpenSSL's default checks (not `X509_STRICT` unless asked: Apple's test chain lacks
///    key identifiers and Apple's Swift verifier accepts it);
/// 6. the leaf carries `1.2.840.113635.100.6.11.1`, the intermediate `1.2.840.113635.100.6.2.1`, and the leaf key
///    is P-256;
/// 7. the signature is 64 raw bytes and verifies over `header.payload`;
/// 8. bundle identifier (when the payload type has one), app Apple ID (Production only), then environment.
///
/// Validated chains are cached (by the `x5c` strings, within the chains' validity window), so repeated data from
/// one signer costs one ECDSA verification; parsed certificates are cached separately, so even a chain validated
/// afresh (another instant, or the chain cache disabled) is not parsed again. The verifier never reads the wall clock itself: "now" comes from the
/// injected `currentTime` closure. It is `Sendable` and may be used from many threads at once.
public struct SignedDataVerifier: Sendable {
    /// The bundle identifier payloads must carry.
    public let bundleId: String
    /// The app Apple ID payloads must carry in Production.
    public let appAppleId: Int64?
    /// The environment payloads must come from.
    public let environment: AppStoreEnvironment
    /// Whether the chain is validated at "now" instead of the payload's signed date (online revocation checks
    /// will be added to this mode).
    public let enableOnlineChecks: Bool
    /// Whether `X509_V_FLAG_X509_STRICT` is applied to chain validation.
    public let strictX509: Bool
    /// Inputs longer than this (UTF-8 bytes) are rejected before decoding.
    public let maximumInputByteCount: Int
    /// The trusted roots.
    public let trustStore: TrustStore
    let chainCache: VerifiedChainCache
    /// Parsed `x5c` certificates by their base64 text: parsing costs far more than validating in OpenSSL 3.0.
    let certificateCache: BoundedCache<CertificateText, Certificate>
    /// Parsed headers by header segment text (one signer, one header).
    let headerCache: JWSHeaderCache
    let currentTime: @Sendable () -> Timestamp

    /// A `currentTime` source reading the system clock, for callers that have no virtual clock.
    public static let systemTime: @Sendable () -> Timestamp = { Timestamp(Date()) }

    /// Whether this verifier only decodes (Xcode, LocalTesting): no header, chain or signature checks.
    public var isDecodeOnly: Bool {
        environment.isDecodeOnly
    }

    /// Creates a verifier from DER root certificates.
    /// - Parameters:
    ///   - rootCertificates: DER certificates trusted as anchors (``AppleRootCertificates/appleRootCAG3``, or the
    ///     root of Tienda's ``CertificateAuthority``). May be empty only for a decode-only verifier.
    ///   - bundleId: The expected bundle identifier.
    ///   - appAppleId: The expected app Apple ID; required for Production.
    ///   - environment: The expected environment.
    ///   - enableOnlineChecks: Validate the chain at "now" rather than at the payload's signed date.
    ///   - decodeOnlyEnvironmentsAllowed: Must be `true` for an Xcode or LocalTesting verifier, which checks no
    ///     signatures at all.
    ///   - strictX509: Apply OpenSSL's strict X.509 checks (what Apple's Python library does by default).
    ///   - maximumInputByteCount: The size limit, 1 MiB by default.
    ///   - chainCacheCapacity: How many validated chains to remember (0 validates every chain afresh).
    ///   - certificateCacheCapacity: How many parsed `x5c` certificates, and parsed headers, to remember (0 parses
    ///     every time).
    ///   - currentTime: "Now", for payloads without a signed date and for online checks.
    /// - Throws: ``VerifierConfigurationError``.
    public init(
        rootCertificates: [Data], bundleId: String, appAppleId: Int64?, environment: AppStoreEnvironment,
        enableOnlineChecks: Bool = false, decodeOnlyEnvironmentsAllowed: Bool = false, strictX509: Bool = false,
        maximumInputByteCount: Int = CompactJWS.defaultMaximumByteCount, chainCacheCapacity: Int = 64,
        certificateCacheCapacity: Int = 128, currentTime: @escaping @Sendable () -> Timestamp
    ) throws(VerifierConfigurationError) {
        var roots: [Certificate] = []
        for (index, der) in rootCertificates.enumerated() {
            do {
                roots.append(try Certificate(derRepresentation: der))
            } catch {
                throw .invalidRootCertificate(index: index)
            }
        }
        try self.init(
            roots: roots, bundleId: bundleId, appAppleId: appAppleId, environment: environment,
            enableOnlineChecks: enableOnlineChecks, decodeOnlyEnvironmentsAllowed: decodeOnlyEnvironmentsAllowed,
            strictX509: strictX509, maximumInputByteCount: maximumInputByteCount, chainCacheCapacity: chainCacheCapacity,
            certificateCacheCapacity: certificateCacheCapacity, currentTime: currentTime)
    }

    /// Creates a verifier from parsed root certificates; the parameters are those of the initializer taking DER
    /// `rootCertificates`.
    public init(
        roots: [Certificate], bundleId: String, appAppleId: Int64?, environment: AppStoreEnvironment,
        enableOnlineChecks: Bool = false, decodeOnlyEnvironmentsAllowed: Bool = false, strictX509: Bool = false,
        maximumInputByteCount: Int = CompactJWS.defaultMaximumByteCount, chainCacheCapacity: Int = 64,
        certificateCacheCapacity: Int = 128, currentTime: @escaping @Sendable () -> Timestamp
    ) throws(VerifierConfigurationError) {
        if environment == .production, appAppleId == nil { throw .missingAppAppleIdForProduction }
        if environment.isDecodeOnly, !decodeOnlyEnvironmentsAllowed {
            throw .decodeOnlyEnvironmentNotAllowed(environment)
        }
        if !environment.isDecodeOnly, roots.isEmpty { throw .noRootCertificates }
        guard maximumInputByteCount > 0 else { throw .invalidLimit("maximumInputByteCount") }
        guard chainCacheCapacity >= 0 else { throw .invalidLimit("chainCacheCapacity") }
        guard certificateCacheCapacity >= 0 else { throw .invalidLimit("certificateCacheCapacity") }
        do {
            trustStore = try TrustStore(roots: roots)
        } catch {
            throw .invalidRootCertificate(index: 0)
        }
        self.bundleId = bundleId
        self.appAppleId = appAppleId
        self.environment = environment
        self.enableOnlineChecks = enableOnlineChecks
        self.strictX509 = strictX509
        self.maximumInputByteCount = maximumInputByteCount
        chainCache = VerifiedChainCache(capacity: chainCacheCapacity)
        certificateCache = BoundedCache(capacity: certificateCacheCapacity)
        headerCache = JWSHeaderCache(capacity: certificateCacheCapacity)
        self.currentTime = currentTime
    }

    /// Verifies a compact JWS and decodes its payload.
    /// - Returns: `.verified(payload)`, or `.unverified(payload?, failure)` with the payload when it decoded.
    public func verify<Payload: SignedPayload>(_ jws: String, as type: Payload.Type = Payload.self)
        -> VerificationResult<Payload>
    {
        let compact: CompactJWS
        do {
            compact = try CompactJWS(parsing: jws, maximumByteCount: maximumInputByteCount, headerCache: headerCache)
        } catch {
            return .unverified(nil, VerificationFailure(parsing: error))
        }
        let payload: Payload
        switch Self.decodePayload(compact.payload, as: type) {
        case .success(let decoded): payload = decoded
        case .failure(let failure): return .unverified(nil, failure)
        }
        if !isDecodeOnly, let failure = signatureFailure(of: compact, validatingAt: validationInstant(for: payload)) {
            return .unverified(payload, failure)
        }
        if let failure = identityFailure(of: payload.verificationIdentity) {
            return .unverified(payload, failure)
        }
        return .verified(payload)
    }

    /// Verifies a compact JWS and returns its payload.
    /// - Throws: The ``VerificationFailure`` of the first failed check.
    public func verifyAndDecode<Payload: SignedPayload>(_ jws: String, as type: Payload.Type = Payload.self)
        throws(VerificationFailure) -> Payload
    {
        try verify(jws, as: type).payloadValue
    }

    /// Verifies a compact JWS given as bytes (for example an HTTP body); invalid UTF-8 fails as bad base64url.
    public func verify<Payload: SignedPayload>(_ jws: Data, as type: Payload.Type = Payload.self)
        -> VerificationResult<Payload>
    {
        guard jws.count <= maximumInputByteCount else {
            return .unverified(
                nil, VerificationFailure(.inputTooLarge(byteCount: jws.count, limit: maximumInputByteCount)))
        }
        return verify(String(decoding: jws, as: UTF8.self), as: type)
    }

    /// The instant the chain is validated at: "now" with online checks or without a signed date.
    func validationInstant(for payload: some SignedPayload) -> Timestamp {
        if !enableOnlineChecks, let instant = payload.verificationInstant { return instant }
        return currentTime()
    }
}

extension VerificationFailure {
    /// The verification failure for a JWS parse error.
    init(parsing error: JWSError) {
        switch error {
        case .inputTooLarge(let count, let limit): self.init(.inputTooLarge(byteCount: count, limit: limit))
        case .malformedCompactSerialization(let segments): self.init(.malformedJWS(segments: segments))
        case .invalidBase64URL(let segment, let problem): self.init(.invalidBase64URL(segment), detail: problem.description)
        case .headerNotJSON(let detail): self.init(.headerNotJSON, detail: detail)
        case .invalidHeaderParameter(let name): self.init(.invalidHeaderParameter(name))
        }
    }
}
