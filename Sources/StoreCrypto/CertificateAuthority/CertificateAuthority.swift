import Foundation
import StoreModel

/// Tienda's in-process App Store PKI: a root, an intermediate and a P-256 signing leaf shaped like Apple's
/// (Apple Root CA - G3 → WWDR CA G6 → App Store signing leaf), and a ready ``JWSSigner``.
///
/// Profile (what Apple's Swift and Python verifiers need, including OpenSSL's strict mode):
/// - root: self-signed; basicConstraints CA:TRUE (critical); keyUsage keyCertSign, cRLSign (critical); SKID.
/// - intermediate: CA:TRUE, pathlen 0 (critical); keyUsage keyCertSign, cRLSign (critical); AKID, SKID; the
///   marker `1.2.840.113635.100.6.2.1` (non-critical, DER NULL); optionally an OCSP URL.
/// - leaf: P-256 key; CA:FALSE (critical); keyUsage digitalSignature (critical); AKID, SKID; the marker
///   `1.2.840.113635.100.6.11.1` (non-critical, DER NULL); optionally an OCSP URL.
public struct CertificateAuthority: Sendable {
    /// The self-signed root; give its DER to verifiers as the trust anchor.
    public let root: Certificate
    /// The intermediate CA, issued by the root.
    public let intermediate: Certificate
    /// The signing certificate, issued by the intermediate.
    public let leaf: Certificate
    /// The root's key.
    public let rootKey: P256PrivateKey
    /// The intermediate's key (signs the leaf; an OCSP responder for the leaf would use it).
    public let intermediateKey: P256PrivateKey
    /// The leaf's key, which signs every JWS.
    public let leafKey: P256PrivateKey
    /// Signs payloads with the leaf key under `{"alg":"ES256","x5c":[leaf, intermediate, root]}`, each `x5c`
    /// entry being padded standard base64 of the DER.
    public let signer: JWSSigner

    /// Assembles an authority from its parts.
    /// - Throws: ``CertificateAuthorityError/generationFailed(_:)`` when a key does not match its certificate.
    init(
        root: Certificate, intermediate: Certificate, leaf: Certificate, rootKey: P256PrivateKey,
        intermediateKey: P256PrivateKey, leafKey: P256PrivateKey
    ) throws(CertificateAuthorityError) {
        for (certificate, key, name) in [(root, rootKey, "root"), (intermediate, intermediateKey, "intermediate"), (leaf, leafKey, "leaf")]
        where (try? certificate.p256PublicKey()) != key.publicKey {
            throw .generationFailed("the \(name) key does not match the \(name) certificate")
        }
        self.root = root
        self.intermediate = intermediate
        self.leaf = leaf
        self.rootKey = rootKey
        self.intermediateKey = intermediateKey
        self.leafKey = leafKey
        let x5c = [leaf, intermediate, root].map { StrictBase64.encode($0.derRepresentation) }
        signer = JWSSigner(key: leafKey, header: JWSHeader(alg: "ES256", x5c: x5c))
    }

    /// The `x5c` header value: leaf, intermediate, root, each padded standard base64 of the DER.
    public var x5c: [String] {
        signer.header.x5c ?? []
    }

    /// Generates a new authority in memory (fresh keys, random serial numbers).
    /// - Throws: ``CertificateAuthorityError/invalidConfiguration(_:)`` or
    ///   ``CertificateAuthorityError/generationFailed(_:)``.
    public static func generate(configuration: Configuration = .default) throws(CertificateAuthorityError)
        -> CertificateAuthority
    {
        do {
            let rootKey = try P256PrivateKey.generate()
            let intermediateKey = try P256PrivateKey.generate()
            let leafKey = try P256PrivateKey.generate()
            let rootIdentifier = try KeyIdentifier.sha1(subjectPublicKeyInfo: rootKey.publicKey.derRepresentation)
            let root = try CertificateBuilder(
                subject: rootSubject, subjectPublicKeyInfo: rootKey.publicKey.derRepresentation,
                notBefore: configuration.rootValidity.lowerBound, notAfter: configuration.rootValidity.upperBound,
                extensions: [
                    .basicConstraints(isCertificateAuthority: true),
                    .keyUsage([.keyCertSign, .cRLSign]),
                    .subjectKeyIdentifier(rootIdentifier),
                ]
            ).sign(issuer: nil, issuerKey: rootKey)
            let intermediate = try issueIntermediate(
                key: intermediateKey, root: root, rootKey: rootKey, validity: configuration.intermediateValidity,
                ocspURL: try configuration.ocspURL(issuedBy: "root"))
            let leaf = try issueLeaf(
                key: leafKey, intermediate: intermediate, intermediateKey: intermediateKey,
                validity: configuration.leafValidity, ocspURL: try configuration.ocspURL(issuedBy: "intermediate"))

            return try CertificateAuthority(
                root: root, intermediate: intermediate, leaf: leaf, rootKey: rootKey, intermediateKey: intermediateKey,
                leafKey: leafKey)
        } catch let error as CertificateAuthorityError {
            throw error
        } catch {
            throw .generationFailed(String(describing: error))
        }
    }
}
