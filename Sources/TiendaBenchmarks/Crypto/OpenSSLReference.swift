import COpenSSL
import Foundation

/// The reference: ECDSA P-256 with SHA-256 through OpenSSL's EVP API, written as a C programmer would.
///
/// Each signature and each verification is the documented one-shot sequence on one `EVP_MD_CTX` allocated up front:
/// `EVP_DigestSignInit` / `EVP_DigestVerifyInit` with `EVP_sha256()` and the key, then `EVP_DigestSign` /
/// `EVP_DigestVerify` over the whole message (hashing included). Re-initialising the same context, rather than
/// allocating one per operation, is the faster of the two usual ways to write this loop in OpenSSL 3.0 (by about
/// 5–10 %), so the reference is not handicapped. Signatures are OpenSSL's native DER form, so the reference pays
/// no JOSE conversion. The keys are parsed once, outside the timed loop.
final class OpenSSLReference {
    /// The bytes signed and verified (the JWS signing input, `header.payload`).
    let message: [UInt8]
    /// A DER signature of `message` made by ``sign()``, verified by ``verify()``.
    private(set) var signature: [UInt8] = []
    private let privateKey: OpaquePointer
    private let publicKey: OpaquePointer
    private let signingContext: OpaquePointer
    private let verificationContext: OpaquePointer
    private var output = [UInt8](repeating: 0, count: 80)

    /// Imports the keys from DER and signs `message` once.
    /// - Parameters:
    ///   - privateKeyPKCS8: The signing key as DER PKCS#8.
    ///   - publicKeySPKI: The matching public key as DER SubjectPublicKeyInfo.
    ///   - message: The bytes to sign and verify.
    init(privateKeyPKCS8: Data, publicKeySPKI: Data, message: [UInt8]) throws {
        privateKey = try Self.parse(privateKeyPKCS8, "a PKCS#8 private key") { d2i_AutoPrivateKey(nil, $0, $1) }
        publicKey = try Self.parse(publicKeySPKI, "a SubjectPublicKeyInfo") { d2i_PUBKEY(nil, $0, $1) }
        guard let signingContext = EVP_MD_CTX_new(), let verificationContext = EVP_MD_CTX_new() else {
            throw BenchmarkError("OpenSSL cannot allocate a digest context")
        }
        self.signingContext = signingContext
        self.verificationContext = verificationContext
        self.message = message
        let length = sign()
        signature = Array(output[0..<length])
        guard verify() else { throw BenchmarkError("the OpenSSL reference cannot verify its own signature") }
    }

    deinit {
        EVP_PKEY_free(privateKey)
        EVP_PKEY_free(publicKey)
        EVP_MD_CTX_free(signingContext)
        EVP_MD_CTX_free(verificationContext)
    }

    /// Signs `message`; returns the length of the DER signature. Traps if OpenSSL fails.
    @discardableResult
    func sign() -> Int {
        var length = output.count
        guard EVP_DigestSignInit(signingContext, nil, EVP_sha256(), nil, privateKey) == 1,
            EVP_DigestSign(signingContext, &output, &length, message, message.count) == 1
        else {
            fatalError("EVP_DigestSign failed")
        }
        return length
    }

    /// Verifies ``signature`` over `message`; returns whether it is valid.
    func verify() -> Bool {
        guard EVP_DigestVerifyInit(verificationContext, nil, EVP_sha256(), nil, publicKey) == 1 else {
            fatalError("EVP_DigestVerifyInit failed")
        }
        return EVP_DigestVerify(verificationContext, signature, signature.count, message, message.count) == 1
    }

    private static func parse(
        _ der: Data, _ what: String, _ decode: (UnsafeMutablePointer<UnsafePointer<UInt8>?>, Int) -> OpaquePointer?
    ) throws -> OpaquePointer {
        let key = der.withUnsafeBytes { buffer -> OpaquePointer? in
            var cursor = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
            return withUnsafeMutablePointer(to: &cursor) { decode($0, buffer.count) }
        }
        guard let key else { throw BenchmarkError("OpenSSL cannot parse \(what)") }
        return key
    }
}
