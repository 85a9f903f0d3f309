import StoreCrypto

/// A delegated OCSP responder: a certificate an issuer signed for a fresh key, allowed to sign OCSP responses about
/// the issuer's certificates (RFC 6960 §4.2.2.2).
struct OCSPDelegatedResponder: Sendable {
    /// The responder's certificate, carried in each response.
    let certificate: Certificate
    /// Its key.
    let key: P256PrivateKey

    /// Mints a responder for `issuer`, valid as long as `issuer` is: extended key usage `id-kp-OCSPSigning`,
    /// `id-pkix-ocsp-nocheck`, key usage digitalSignature, AKID and SKID (OpenSSL's strict mode wants them).
    static func mint(for issuer: Certificate, issuerKey: P256PrivateKey) throws -> OCSPDelegatedResponder {
        let key = try P256PrivateKey.generate()
        let subject = DistinguishedName(
            commonName: "\(issuer.subject.commonName ?? "Tienda") OCSP Responder", organizationalUnit: nil,
            organization: "Tienda", country: "US")
        let certificate = try CertificateBuilder(
            subject: subject, subjectPublicKeyInfo: key.publicKey.derRepresentation, notBefore: issuer.notBefore,
            notAfter: issuer.notAfter,
            extensions: [
                .basicConstraints(isCertificateAuthority: false),
                .keyUsage(.digitalSignature),
                .extendedKeyUsage([CertificateExtension.ocspSigningPurposeOID]),
                .ocspNoCheck,
                .authorityKeyIdentifier(try KeyIdentifier.sha1(subjectPublicKeyInfo: issuerKey.publicKey.derRepresentation)),
                .subjectKeyIdentifier(try KeyIdentifier.sha1(subjectPublicKeyInfo: key.publicKey.derRepresentation)),
            ]
        ).sign(issuer: issuer, issuerKey: issuerKey)
        return OCSPDelegatedResponder(certificate: certificate, key: key)
    }
}
