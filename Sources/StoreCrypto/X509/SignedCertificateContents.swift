import COpenSSL
import Foundation

/// What an issuer's ECDSA signature on a certificate covers, located once when the certificate is parsed: the
/// `tbsCertificate` bytes, the digest algorithm and the DER `ECDSA-Sig-Value`.
///
/// ``ChainSignatureStep`` uses it to check the signature on every validation without `X509_verify`'s per-call
/// set-up. It exists only for the shape `X509_verify` handles by hashing the `tbsCertificate` and verifying an
/// ECDSA signature: `signatureAlgorithm` is ecdsa-with-SHA256, -SHA384 (Apple's certificates) or -SHA512 and
/// equal to the `signature` field inside `tbsCertificate` (which `X509_verify` requires), and the signature BIT
/// STRING has no unused bits (which `ASN1_item_verify` requires). Any other certificate is left to OpenSSL.
struct SignedCertificateContents: Sendable {
    /// The `tbsCertificate` element (tag, length and contents) within the certificate's DER: the bytes OpenSSL
    /// hashes, since a parsed `X509` keeps and re-emits the encoding it was parsed from.
    let tbsRange: Range<Int>
    /// The DER `ECDSA-Sig-Value` carried in `signatureValue`.
    let signature: Data
    /// The digest of the signature algorithm.
    let digest: MessageDigestAlgorithm

    /// The digests of the ECDSA signature algorithms handled, by signature algorithm NID.
    private static let digests: [Int32: MessageDigestAlgorithm] = [
        NID_ecdsa_with_SHA256: .sha256, NID_ecdsa_with_SHA384: .sha384, NID_ecdsa_with_SHA512: .sha512,
    ]

    /// Locates the signed contents of `certificate`, parsed from `der`; `nil` when the certificate is not signed
    /// with ECDSA in the shape described above, or its DER does not have definite lengths.
    init?(certificate: OpaquePointer, der: Data) {
        var signatureBits: UnsafePointer<ASN1_BIT_STRING>?
        var algorithm: UnsafePointer<X509_ALGOR>?
        X509_get0_signature(&signatureBits, &algorithm, certificate)
        guard let digest = Self.digests[X509_get_signature_nid(certificate)], let algorithm,
            X509_ALGOR_cmp(X509_get0_tbs_sigalg(certificate), algorithm) == 0, let signatureBits,
            signatureBits.pointee.flags & 0x07 == 0, let bytes = signatureBits.pointee.data,
            signatureBits.pointee.length > 0
        else { return nil }
        let tbsRange = der.withUnsafeBytes { Self.tbsRange(in: $0) }
        guard let tbsRange else { return nil }
        self.tbsRange = tbsRange
        self.digest = digest
        signature = Data(bytes: bytes, count: Int(signatureBits.pointee.length))
    }

    /// The range of the first element inside the outer SEQUENCE.
    private static func tbsRange(in der: UnsafeRawBufferPointer) -> Range<Int>? {
        guard let certificate = element(in: der, at: 0), der[0] == 0x30, certificate.end == der.count,
            let tbs = element(in: der, at: certificate.contentStart), der[certificate.contentStart] == 0x30,
            tbs.end <= certificate.end
        else { return nil }
        return certificate.contentStart..<tbs.end
    }

    /// The content start and end of the element at `offset`, for a single-byte tag and a definite length.
    private static func element(in der: UnsafeRawBufferPointer, at offset: Int) -> (contentStart: Int, end: Int)? {
        guard offset + 2 <= der.count, der[offset] & 0x1F != 0x1F else { return nil }
        let first = Int(der[offset + 1])
        var length = first
        var contentStart = offset + 2
        if first & 0x80 != 0 {
            let octets = first & 0x7F
            guard (1...4).contains(octets), contentStart + octets <= der.count else { return nil }
            length = 0
            for index in 0..<octets { length = length << 8 | Int(der[contentStart + index]) }
            contentStart += octets
        }
        guard length <= der.count - contentStart else { return nil }
        return (contentStart, contentStart + length)
    }
}
