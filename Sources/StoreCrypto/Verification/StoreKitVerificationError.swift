/// The cases of StoreKit's `VerificationResult.VerificationError`, to report a failure the way an app's StoreKit
/// would.
public enum StoreKitVerificationError: String, Hashable, Sendable, CaseIterable {
    /// A certificate of the chain is revoked (online checks).
    case revokedCertificate
    /// The certificate chain is missing, malformed, untrusted, expired or lacks Apple's markers.
    case invalidCertificateChain
    /// The signed data is authentic but not for this app, device or environment.
    case invalidDeviceVerification
    /// The JWS or its payload cannot be decoded.
    case invalidEncoding
    /// The signature is missing, malformed, of another algorithm or wrong.
    case invalidSignature
    /// A required header parameter or payload property is missing.
    case missingRequiredProperties
}

extension VerificationFailure {
    /// The closest StoreKit `VerificationError`:
    /// - `invalidEncoding`: `inputTooLarge`, `malformedJWS`, `invalidBase64URL`, `headerNotJSON`,
    ///   `invalidHeaderParameter`, `payloadNotJSON`, `payloadTypeMismatch`, `certificateNotBase64`,
    ///   `certificateNotDER`;
    /// - `missingRequiredProperties`: `missingAlgorithm`, `missingX5C`, `payloadMissingProperty`;
    /// - `invalidCertificateChain`: `chainLength`, `untrustedChain`, `certificateExpired`, `certificateNotYetValid`,
    ///   `invalidCertificateChain`, `unexpectedCertificatePath`, `missingLeafMarkerOID`,
    ///   `missingIntermediateMarkerOID`, `leafKeyNotP256`;
    /// - `invalidSignature`: `unsupportedAlgorithm`, `signatureNotRaw64Bytes`, `invalidSignature`;
    /// - `invalidDeviceVerification`: `bundleIdMismatch`, `appAppleIdMismatch`, `environmentMismatch`.
    ///
    /// StoreKit has no identity-mismatch error; `invalidDeviceVerification` ("this data was not issued for this
    /// device") is the nearest meaning. `revokedCertificate` belongs to online checks, which report no reason yet.
    public var storeKitVerificationError: StoreKitVerificationError {
        switch reason {
        case .inputTooLarge, .malformedJWS, .invalidBase64URL, .headerNotJSON, .invalidHeaderParameter, .payloadNotJSON,
            .payloadTypeMismatch, .certificateNotBase64, .certificateNotDER:
            .invalidEncoding
        case .missingAlgorithm, .missingX5C, .payloadMissingProperty:
            .missingRequiredProperties
        case .chainLength, .untrustedChain, .certificateExpired, .certificateNotYetValid, .invalidCertificateChain,
            .unexpectedCertificatePath, .missingLeafMarkerOID, .missingIntermediateMarkerOID, .leafKeyNotP256:
            .invalidCertificateChain
        case .unsupportedAlgorithm, .signatureNotRaw64Bytes, .invalidSignature:
            .invalidSignature
        case .bundleIdMismatch, .appAppleIdMismatch, .environmentMismatch:
            .invalidDeviceVerification
        }
    }
}
