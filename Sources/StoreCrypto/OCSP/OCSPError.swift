/// Why an OCSP request or response could not be read or built.
public enum OCSPError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not a DER OCSPRequest (RFC 6960 §4.1), or it asks about no certificate.
    case malformedRequest(String)
    /// The bytes are not a DER OCSPResponse (RFC 6960 §4.2).
    case malformedResponse(String)
    /// A CertID names a hash algorithm OpenSSL's default provider does not implement.
    case unsupportedHashAlgorithm(String)
    /// OpenSSL failed where it should not (usually memory exhaustion); `details` holds its error queue.
    case openSSLFailure(operation: String, details: [String])

    public var description: String {
        switch self {
        case .malformedRequest(let detail):
            "Malformed OCSP request: \(detail). Send a DER OCSPRequest (RFC 6960 §4.1) as the POST body, or base64 "
                + "and URL-encoded after the responder URL in a GET."
        case .malformedResponse(let detail): "Malformed OCSP response: \(detail)."
        case .unsupportedHashAlgorithm(let oid):
            "The OCSP CertID hash algorithm \(oid) is not supported; use SHA-1 or SHA-256 (or SHA-384, SHA-512)."
        case .openSSLFailure(let operation, let details):
            "OpenSSL failed to \(operation)" + (details.isEmpty ? "." : ": " + details.joined(separator: "; "))
        }
    }

    /// An ``openSSLFailure(operation:details:)`` with the current thread's error queue, which it drains.
    static func openSSL(_ operation: String) -> OCSPError {
        .openSSLFailure(operation: operation, details: OpenSSLErrorQueue.drain())
    }
}
