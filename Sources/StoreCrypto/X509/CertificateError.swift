/// Why a certificate could not be parsed, read or built.
public enum CertificateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not exactly one DER X.509 certificate.
    case notDER
    /// The text is not one PEM `CERTIFICATE` block.
    case invalidPEM(String)
    /// A name attribute cannot be encoded (unknown type, value not allowed for the type).
    case invalidName(String)
    /// A certificate field is out of range (for example a validity date OpenSSL cannot represent).
    case invalidField(String)
    /// The certificate's public key is not usable here; the string says what it is.
    case unsupportedPublicKey(String)
    /// OpenSSL failed where it should not (usually memory exhaustion); `details` holds its error queue.
    case openSSLFailure(operation: String, details: [String])

    public var description: String {
        switch self {
        case .notDER: "The bytes are not a DER-encoded X.509 certificate."
        case .invalidPEM(let detail): "Invalid PEM certificate: \(detail)."
        case .invalidName(let detail): "Invalid distinguished name: \(detail)."
        case .invalidField(let detail): "Invalid certificate field: \(detail)."
        case .unsupportedPublicKey(let detail): "Unsupported certificate public key: \(detail)."
        case .openSSLFailure(let operation, let details):
            "OpenSSL failed to \(operation)" + (details.isEmpty ? "." : ": " + details.joined(separator: "; "))
        }
    }

    /// An ``openSSLFailure(operation:details:)`` with the current thread's error queue, which it drains.
    static func openSSL(_ operation: String) -> CertificateError {
        .openSSLFailure(operation: operation, details: OpenSSLErrorQueue.drain())
    }
}
