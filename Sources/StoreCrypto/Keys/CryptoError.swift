/// Why a key, a signature encoding or a low-level OpenSSL operation failed.
public enum CryptoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is not the expected PEM block (wrong label, bad base64, extra text).
    case invalidPEM(String)
    /// The bytes are not the expected DER structure (PKCS#8 private key, SubjectPublicKeyInfo).
    case invalidKeyEncoding(String)
    /// A well-formed key of another type or curve; the string names what was found.
    case unsupportedKey(String)
    /// A signature that is not 64 raw bytes or not one canonical DER `ECDSA-Sig-Value`.
    case invalidSignatureEncoding(String)
    /// OpenSSL failed where it should not (usually memory exhaustion); `details` holds its error queue.
    case openSSLFailure(operation: String, details: [String])

    public var description: String {
        switch self {
        case .invalidPEM(let detail): "Invalid PEM: \(detail)."
        case .invalidKeyEncoding(let detail): "Invalid key encoding: \(detail)."
        case .unsupportedKey(let found): "Unsupported key: expected an EC P-256 key, found \(found)."
        case .invalidSignatureEncoding(let detail): "Invalid ECDSA signature encoding: \(detail)."
        case .openSSLFailure(let operation, let details):
            "OpenSSL failed to \(operation)" + (details.isEmpty ? "." : ": " + details.joined(separator: "; "))
        }
    }

    /// An ``openSSLFailure(operation:details:)`` with the current thread's error queue, which it drains.
    static func openSSL(_ operation: String) -> CryptoError {
        .openSSLFailure(operation: operation, details: OpenSSLErrorQueue.drain())
    }
}
