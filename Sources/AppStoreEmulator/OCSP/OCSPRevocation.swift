import StoreCrypto
import StoreModel

/// A revocation the OCSP responder reports for one of its certificates.
public struct OCSPRevocation: Hashable, Sendable {
    /// When the certificate was revoked (reported as no later than `thisUpdate`).
    public var date: Timestamp
    /// Why, if said.
    public var reason: OCSPRevocationReason?

    /// Creates a revocation.
    public init(date: Timestamp, reason: OCSPRevocationReason? = nil) {
        self.date = date
        self.reason = reason
    }
}
