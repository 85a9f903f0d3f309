import StoreCrypto

/// The certificate and key that sign answers about one issuer's certificates.
struct OCSPSigner: Sendable {
    /// The issuer of the certificates answered for.
    let issuer: Certificate
    /// The signing certificate: the issuer itself or its delegated responder.
    let certificate: Certificate
    /// Its key.
    let key: P256PrivateKey
}
