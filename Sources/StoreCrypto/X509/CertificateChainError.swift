import COpenSSL
import StoreModel

/// Why OpenSSL's path validation rejected a certificate chain.
public struct CertificateChainError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure, grouped from OpenSSL's `X509_V_ERR_*` codes.
    public enum Reason: String, Hashable, Sendable {
        /// A certificate's `notAfter` is before the validation instant.
        case expired
        /// A certificate's `notBefore` is after the validation instant.
        case notYetValid
        /// No path leads to a trusted root (issuer missing, self-signed untrusted certificate, unknown root).
        case untrusted
        /// A certificate's signature does not verify with its issuer's key.
        case badSignature
        /// An issuing certificate is not a CA (basicConstraints CA:FALSE or missing).
        case notACertificateAuthority
        /// A CA's `pathLenConstraint` is exceeded.
        case pathLengthExceeded
        /// A certificate has a critical extension OpenSSL does not handle.
        case unhandledCriticalExtension
        /// A rule of OpenSSL's strict mode (`X509_V_FLAG_X509_STRICT`) is broken: missing key identifiers,
        /// non-critical basicConstraints on a CA, CA without keyUsage, …
        case strictModeViolation
        /// A validity date or an extension cannot be parsed.
        case malformedCertificate
        /// Any other OpenSSL verification error.
        case other
    }

    /// The kind of failure.
    public let reason: Reason
    /// OpenSSL's `X509_V_ERR_*` code.
    public let code: Int32
    /// The position in the chain of the certificate at fault: 0 = leaf, 1 = intermediate, 2 = root.
    public let depth: Int
    /// The instant the chain was validated at.
    public let validationInstant: Timestamp
    /// OpenSSL's text for the code (for example "certificate has expired").
    public let message: String

    /// Builds the error for an OpenSSL verification code.
    init(code: Int32, depth: Int, validationInstant: Timestamp) {
        self.code = code
        self.depth = depth
        self.validationInstant = validationInstant
        self.reason = Self.reason(for: code)
        self.message = X509_verify_cert_error_string(Int(code)).map { String(cString: $0) } ?? "error \(code)"
    }

    public var description: String {
        let position = ["leaf", "intermediate", "root"].indices.contains(depth)
            ? ["leaf", "intermediate", "root"][depth] : "certificate at depth \(depth)"
        return "Certificate chain rejected at \(validationInstant): \(message) (\(position), OpenSSL code \(code))."
    }

    private static func reason(for code: Int32) -> Reason {
        switch code {
        case X509_V_ERR_CERT_HAS_EXPIRED: .expired
        case X509_V_ERR_CERT_NOT_YET_VALID: .notYetValid
        case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT, X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY,
            X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE, X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT,
            X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN, X509_V_ERR_CERT_UNTRUSTED, X509_V_ERR_CERT_REJECTED:
            .untrusted
        case X509_V_ERR_CERT_SIGNATURE_FAILURE, X509_V_ERR_UNABLE_TO_DECRYPT_CERT_SIGNATURE,
            X509_V_ERR_UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY:
            .badSignature
        case X509_V_ERR_INVALID_CA: .notACertificateAuthority
        case X509_V_ERR_PATH_LENGTH_EXCEEDED: .pathLengthExceeded
        case X509_V_ERR_UNHANDLED_CRITICAL_EXTENSION: .unhandledCriticalExtension
        case X509_V_ERR_MISSING_AUTHORITY_KEY_IDENTIFIER, X509_V_ERR_MISSING_SUBJECT_KEY_IDENTIFIER,
            X509_V_ERR_CA_BCONS_NOT_CRITICAL, X509_V_ERR_CA_CERT_MISSING_KEY_USAGE,
            X509_V_ERR_PATHLEN_WITHOUT_KU_KEY_CERT_SIGN, X509_V_ERR_KU_KEY_CERT_SIGN_INVALID_FOR_NON_CA,
            X509_V_ERR_ISSUER_NAME_EMPTY, X509_V_ERR_SUBJECT_NAME_EMPTY, X509_V_ERR_EMPTY_SUBJECT_ALT_NAME,
            X509_V_ERR_EMPTY_SUBJECT_SAN_NOT_CRITICAL, X509_V_ERR_AUTHORITY_KEY_IDENTIFIER_CRITICAL,
            X509_V_ERR_SUBJECT_KEY_IDENTIFIER_CRITICAL, X509_V_ERR_EXTENSIONS_REQUIRE_VERSION_3,
            X509_V_ERR_EC_KEY_EXPLICIT_PARAMS, X509_V_ERR_SIGNATURE_ALGORITHM_MISMATCH:
            .strictModeViolation
        case X509_V_ERR_ERROR_IN_CERT_NOT_BEFORE_FIELD, X509_V_ERR_ERROR_IN_CERT_NOT_AFTER_FIELD,
            X509_V_ERR_INVALID_EXTENSION:
            .malformedCertificate
        default: .other
        }
    }
}
