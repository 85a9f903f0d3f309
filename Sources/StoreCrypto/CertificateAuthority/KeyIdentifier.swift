import COpenSSL
import Foundation

/// RFC 5280 §4.2.1.2 key identifiers: SHA-1 of the subjectPublicKey BIT STRING contents.
public enum KeyIdentifier {
    /// The SHA-1 key identifier of a DER SubjectPublicKeyInfo.
    /// - Throws: ``CertificateError/unsupportedPublicKey(_:)`` when the bytes are not a SubjectPublicKeyInfo.
    public static func sha1(subjectPublicKeyInfo: Data) throws(CertificateError) -> Data {
        guard
            let publicKey = DERBytes.decode(
                subjectPublicKeyInfo, free: { X509_PUBKEY_free($0) }, { d2i_X509_PUBKEY(nil, $0, $1) })
        else {
            throw .unsupportedPublicKey("not a DER SubjectPublicKeyInfo")
        }
        defer { X509_PUBKEY_free(publicKey) }
        var keyBits: UnsafePointer<UInt8>?
        var keyLength: Int32 = 0
        guard X509_PUBKEY_get0_param(nil, &keyBits, &keyLength, nil, publicKey) == 1, let keyBits else {
            throw .openSSL("read a public key")
        }
        var digest = Data(count: 20)
        var digestLength: UInt32 = 0
        let status = digest.withUnsafeMutableBytes { output in
            EVP_Digest(
                keyBits, Int(keyLength), output.baseAddress!.assumingMemoryBound(to: UInt8.self), &digestLength,
                MessageDigestAlgorithm.sha1.pointer, nil)
        }
        guard status == 1, digestLength == 20 else { throw .openSSL("hash a public key") }
        return digest
    }
}
