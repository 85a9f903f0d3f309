/// A failure the OCSP responder simulates, to see how a developer's verifier handles it.
public enum OCSPResponderFault: String, Hashable, Sendable, Codable, CaseIterable {
    /// Answer normally.
    case none
    /// Answer HTTP 503 without an OCSP response, like a responder that is down; Apple's libraries report
    /// `RETRYABLE_VERIFICATION_FAILURE`.
    case unavailable
    /// Answer the OCSP status `tryLater` (HTTP 200); Apple's Python library reports `VERIFICATION_FAILURE`.
    case tryLater
}
