import COpenSSL
import Foundation

/// An EC P-256 private key: generates, imports and exports PKCS#8, and signs ES256 (raw `r ‖ s`) or DER.
///
/// A documented C wrapper: it owns an `EVP_PKEY` that is never modified after creation, which OpenSSL allows to
/// be used from several threads at once, hence `@unchecked Sendable`. Signing contexts are pooled.
public final class P256PrivateKey: @unchecked Sendable {
    /// The `EVP_PKEY` (private and public parts).
    let pointer: OpaquePointer
    /// The matching public key.
    public let publicKey: P256PublicKey
    private let signing: KeyOperationPool

    /// Takes ownership of an `EVP_PKEY` holding a private key.
    /// - Throws: ``CryptoError/unsupportedKey(_:)`` unless the key is EC P-256 (the key is freed then).
    private init(taking key: OpaquePointer) throws(CryptoError) {
        guard ECKeyInspection.isP256(key) else {
            let found = ECKeyInspection.describe(key)
            EVP_PKEY_free(key)
            throw .unsupportedKey(found)
        }
        // The public half is a separate `EVP_PKEY`, so that sharing it never shares the private key object.
        guard let publicDER = DERBytes.encode({ i2d_PUBKEY(key, $0) }) else {
            EVP_PKEY_free(key)
            throw .openSSL("encode a public key")
        }
        do {
            publicKey = try P256PublicKey(derRepresentation: publicDER)
        } catch {
            EVP_PKEY_free(key)
            throw error
        }
        pointer = key
        signing = KeyOperationPool(key: key, operation: .sign)
    }

    /// Generates a new random key.
    /// - Throws: ``CryptoError/openSSLFailure(operation:details:)`` if OpenSSL cannot generate one.
    public static func generate() throws(CryptoError) -> P256PrivateKey {
        guard let context = EVP_PKEY_CTX_new_id(EVP_PKEY_EC, nil) else { throw .openSSL("create a key context") }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer?
        guard EVP_PKEY_keygen_init(context) == 1,
            EVP_PKEY_CTX_set_ec_paramgen_curve_nid(context, NID_X9_62_prime256v1) == 1,
            EVP_PKEY_keygen(context, &key) == 1, let key
        else {
            throw .openSSL("generate a P-256 key")
        }
        return try P256PrivateKey(taking: key)
    }

    /// Imports a DER PKCS#8 `PrivateKeyInfo`.
    /// - Throws: ``CryptoError/invalidKeyEncoding(_:)`` or ``CryptoError/unsupportedKey(_:)``.
    public convenience init(pkcs8DERRepresentation der: Data) throws(CryptoError) {
        guard
            let info = DERBytes.decode(
                der, free: { PKCS8_PRIV_KEY_INFO_free($0) }, { d2i_PKCS8_PRIV_KEY_INFO(nil, $0, $1) })
        else {
            throw .invalidKeyEncoding("not a DER PKCS#8 PrivateKeyInfo")
        }
        defer { PKCS8_PRIV_KEY_INFO_free(info) }
        guard let key = EVP_PKCS82PKEY(info) else {
            _ = OpenSSLErrorQueue.drain()
            throw .invalidKeyEncoding("the PKCS#8 structure does not hold a usable private key")
        }
        try self.init(taking: key)
    }

    /// Imports a PEM `PRIVATE KEY` block (PKCS#8, as in App Store Connect `.p8` files).
    public convenience init(pemRepresentation: String) throws(CryptoError) {
        let document: PEMDocument
        do {
            document = try PEMDocument(parsing: pemRepresentation, expectedLabel: "PRIVATE KEY")
        } catch {
            throw .invalidPEM(error.description)
        }
        try self.init(pkcs8DERRepresentation: document.der)
    }

    deinit {
        EVP_PKEY_free(pointer)
    }

    /// The key as DER PKCS#8 `PrivateKeyInfo`.
    public var pkcs8DERRepresentation: Data {
        guard let info = EVP_PKEY2PKCS8(pointer) else {
            preconditionFailure("OpenSSL cannot export a valid P-256 key: \(OpenSSLErrorQueue.drain())")
        }
        defer { PKCS8_PRIV_KEY_INFO_free(info) }
        guard let der = DERBytes.encode({ i2d_PKCS8_PRIV_KEY_INFO(info, $0) }) else {
            preconditionFailure("OpenSSL cannot encode a PKCS#8 structure it built")
        }
        return der
    }

    /// The key as a PEM `PRIVATE KEY` block (PKCS#8).
    public var pemRepresentation: String {
        PEMDocument(label: "PRIVATE KEY", der: pkcs8DERRepresentation).pemString
    }

    /// Signs SHA-256(`message`) and returns the signature, convertible to raw (JWS) or DER form.
    public func signature(for message: some DataProtocol) throws(CryptoError) -> ES256Signature {
        let digest = SHA256.hash(message)
        var raw = Data(count: ES256Signature.rawByteCount)
        let signed = raw.withUnsafeMutableBytes { output in
            digest.bytes.withUnsafeBytes { digest in
                signDigest(digest, rawSignatureInto: output.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
        }
        guard signed else { throw .openSSL("sign with a P-256 key") }
        return try ES256Signature(rawRepresentation: raw)
    }

    /// Signs SHA-256(`message`) and returns the DER `ECDSA-Sig-Value` (Apple's promotional-offer V1 form).
    public func derSignature(for message: some DataProtocol) throws(CryptoError) -> Data {
        try signature(for: message).derRepresentation
    }

    /// Signs a 32-byte digest and writes `r ‖ s` (64 bytes) to `output` (the JWS hot path).
    /// - Returns: `false` when OpenSSL fails; the error queue is then left for the caller to drain.
    func signDigest(_ digest: UnsafeRawBufferPointer, rawSignatureInto output: UnsafeMutablePointer<UInt8>) -> Bool {
        let outcome = signing.withContext { context -> (result: Bool, reusable: Bool) in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 80) { der in
                var length = der.count
                guard
                    EVP_PKEY_sign(
                        context, der.baseAddress, &length, digest.baseAddress!.assumingMemoryBound(to: UInt8.self),
                        digest.count) == 1
                else {
                    return (false, false)
                }
                return (Self.rawSignature(fromDER: UnsafeBufferPointer(rebasing: der[0..<length]), into: output), true)
            }
        }
        return outcome ?? false
    }

    /// Converts OpenSSL's DER signature output to `r ‖ s`.
    private static func rawSignature(fromDER der: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>)
        -> Bool
    {
        var cursor: UnsafePointer<UInt8>? = der.baseAddress
        guard let signature = d2i_ECDSA_SIG(nil, &cursor, der.count) else { return false }
        defer { ECDSA_SIG_free(signature) }
        return BN_bn2binpad(ECDSA_SIG_get0_r(signature), output, 32) == 32
            && BN_bn2binpad(ECDSA_SIG_get0_s(signature), output + 32, 32) == 32
    }
}
