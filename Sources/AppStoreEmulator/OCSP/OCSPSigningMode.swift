/// Who signs the OCSP responder's answers.
public enum OCSPSigningMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// The issuer of the certificate asked about: the root key for the intermediate, the intermediate key for the
    /// leaf. No certificate travels in the response.
    case issuer
    /// A delegated responder per issuer (RFC 6960 §4.2.2.2): a certificate the issuer signed for a fresh P-256 key,
    /// with the `id-kp-OCSPSigning` extended key usage and `id-pkix-ocsp-nocheck`, carried in each response.
    case delegatedResponder
}
