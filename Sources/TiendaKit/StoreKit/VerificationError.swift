import Foundation

/// Why a signed value failed verification: `VerificationResult.VerificationError` under a name that does not
/// depend on the signed type.
public typealias VerificationError = TiendaKit.VerificationError

extension TiendaKit {
    /// Why a signed value failed verification (`VerificationResult.VerificationError`).
    public enum VerificationError: Error, Hashable, Sendable, CaseIterable, LocalizedError {
        /// A certificate of the chain is revoked.
        case revokedCertificate
        /// The certificate chain is missing, malformed, untrusted or expired.
        case invalidCertificateChain
        /// The value was not issued to this device (or for this app or environment).
        case invalidDeviceVerification
        /// The JWS or its payload cannot be decoded.
        case invalidEncoding
        /// The signature does not match the header and payload.
        case invalidSignature
        /// A required header parameter or payload property is missing.
        case missingRequiredProperties

        /// What failed.
        public var errorDescription: String? {
            switch self {
            case .revokedCertificate: "A certificate of the signing chain is revoked."
            case .invalidCertificateChain: "The signing certificate chain is not trusted."
            case .invalidDeviceVerification: "The signed value was not issued to this device."
            case .invalidEncoding: "The signed value cannot be decoded."
            case .invalidSignature: "The signature does not match the signed value."
            case .missingRequiredProperties: "The signed value lacks a required property."
            }
        }
    }
}
