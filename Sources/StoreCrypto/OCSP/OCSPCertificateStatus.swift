import StoreModel

/// What an OCSP responder says about one certificate (RFC 6960 §4.2.1 `CertStatus`).
public enum OCSPCertificateStatus: Hashable, Sendable {
    /// Not revoked.
    case good
    /// Revoked at `date`, optionally for `reason`.
    case revoked(date: Timestamp, reason: OCSPRevocationReason?)
    /// The responder does not know the certificate.
    case unknown
}
