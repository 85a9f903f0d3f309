/// Why an OCSP responder could not be set up.
public enum OCSPResponderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Minting a delegated responder certificate failed; the string says how.
    case delegatedResponderUnavailable(String)

    public var description: String {
        switch self {
        case .delegatedResponderUnavailable(let detail):
            "Could not mint the delegated OCSP responder certificates (\(detail)). Use OCSPSigningMode.issuer, or "
                + "check that the certificate authority's keys load."
        }
    }
}
