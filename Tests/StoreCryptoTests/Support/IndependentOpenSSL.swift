import COpenSSL
import Foundation

/// Signature checks written directly against OpenSSL's EVP API, sharing no code with StoreCrypto, to confirm
/// that what StoreCrypto signs is what OpenSSL itself accepts.
enum IndependentOpenSSL {
    /// `EVP_DigestVerify` with SHA-256 over `message`, a DER signature and a SubjectPublicKeyInfo.
    static func verifyDER(_ signature: Data, message: Data, subjectPublicKeyInfo: Data) -> Bool {
        let key = subjectPublicKeyInfo.withUnsafeBytes { buffer -> OpaquePointer? in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
            return d2i_PUBKEY(nil, &cursor, buffer.count)
        }
        guard let key else { return false }
        defer { EVP_PKEY_free(key) }
        let context = EVP_MD_CTX_new()
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key) == 1 else { return false }
        let status = signature.withUnsafeBytes { signature in
            message.withUnsafeBytes { message in
                EVP_DigestVerify(
                    context, signature.baseAddress?.assumingMemoryBound(to: UInt8.self), signature.count,
                    message.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count)
            }
        }
        ERR_clear_error()
        return status == 1
    }

    /// Raw `r ‖ s` → DER through `ECDSA_SIG_set0` + `i2d_ECDSA_SIG`.
    static func derFromRaw(_ raw: Data) -> Data {
        precondition(raw.count == 64)
        let signature = ECDSA_SIG_new()
        defer { ECDSA_SIG_free(signature) }
        let (r, s) = raw.withUnsafeBytes { buffer in
            let bytes = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
            return (BN_bin2bn(bytes, 32, nil), BN_bin2bn(bytes + 32, 32, nil))
        }
        precondition(ECDSA_SIG_set0(signature, r, s) == 1)
        let length = i2d_ECDSA_SIG(signature, nil)
        var der = [UInt8](repeating: 0, count: Int(length))
        der.withUnsafeMutableBufferPointer { buffer in
            var cursor = buffer.baseAddress
            _ = i2d_ECDSA_SIG(signature, &cursor)
        }
        return Data(der)
    }
}
