/// The status codes of Apple's App Store Server Library for Python (`VerificationStatus`), to report a failure
/// the way Apple's verifier would.
public enum AppleVerificationStatus: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// `OK` (0): never raised.
    case ok = 0
    /// `VERIFICATION_FAILURE` (1): malformed JWS, header problems, chain, marker OIDs, signature.
    case verificationFailure = 1
    /// `INVALID_APP_IDENTIFIER` (2): bundle identifier or app Apple ID mismatch.
    case invalidAppIdentifier = 2
    /// `INVALID_CERTIFICATE` (3): an `x5c` entry is not strict base64 or not DER.
    case invalidCertificate = 3
    /// `INVALID_CHAIN_LENGTH` (4): `x5c` does not have exactly three entries.
    case invalidChainLength = 4
    /// `INVALID_CHAIN` (5): defined by Apple, never raised.
    case invalidChain = 5
    /// `INVALID_ENVIRONMENT` (6): environment mismatch.
    case invalidEnvironment = 6
    /// `RETRYABLE_VERIFICATION_FAILURE` (7): an online (OCSP) check could not be completed.
    case retryableVerificationFailure = 7

    /// The Python name, for example `"INVALID_APP_IDENTIFIER"`.
    public var pythonName: String {
        switch self {
        case .ok: "OK"
        case .verificationFailure: "VERIFICATION_FAILURE"
        case .invalidAppIdentifier: "INVALID_APP_IDENTIFIER"
        case .invalidCertificate: "INVALID_CERTIFICATE"
        case .invalidChainLength: "INVALID_CHAIN_LENGTH"
        case .invalidChain: "INVALID_CHAIN"
        case .invalidEnvironment: "INVALID_ENVIRONMENT"
        case .retryableVerificationFailure: "RETRYABLE_VERIFICATION_FAILURE"
        }
    }

    /// `NAME (value)`.
    public var description: String { "\(pythonName) (\(rawValue))" }
}

extension VerificationFailure {
    /// The status Apple's Python library (3.1.2) raises for the same input:
    /// - `INVALID_CHAIN_LENGTH`: `chainLength`;
    /// - `INVALID_CERTIFICATE`: `certificateNotBase64`, `certificateNotDER`;
    /// - `INVALID_APP_IDENTIFIER`: `bundleIdMismatch`, `appAppleIdMismatch`;
    /// - `INVALID_ENVIRONMENT`: `environmentMismatch`;
    /// - `VERIFICATION_FAILURE`: everything else (size, shape, base64url, header, payload, `alg`, missing or empty
    ///   `x5c`, chain, marker OIDs, key, signature).
    ///
    /// Two approximations: Python has no size limit (an oversized input would fail later as malformed, also
    /// `VERIFICATION_FAILURE`), and a payload that does not fit the model makes Python raise a `cattrs` error
    /// rather than a status, so `VERIFICATION_FAILURE` is the nearest status.
    public var appleVerificationStatus: AppleVerificationStatus {
        switch reason {
        case .chainLength: .invalidChainLength
        case .certificateNotBase64, .certificateNotDER: .invalidCertificate
        case .bundleIdMismatch, .appAppleIdMismatch: .invalidAppIdentifier
        case .environmentMismatch: .invalidEnvironment
        case .inputTooLarge, .malformedJWS, .invalidBase64URL, .headerNotJSON, .invalidHeaderParameter, .payloadNotJSON,
            .payloadMissingProperty, .payloadTypeMismatch, .missingAlgorithm, .unsupportedAlgorithm, .missingX5C,
            .untrustedChain, .certificateExpired, .certificateNotYetValid, .invalidCertificateChain,
            .unexpectedCertificatePath, .missingLeafMarkerOID, .missingIntermediateMarkerOID, .leafKeyNotP256,
            .signatureNotRaw64Bytes, .invalidSignature:
            .verificationFailure
        }
    }
}
