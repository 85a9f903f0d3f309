import COpenSSL
import Foundation

/// An EC P-256 public key: verifies ES256 (raw `r ‖ s`) and DER ECDSA signatures over SHA-256.
///
/// A documented C wrapper: it owns an `EVP_PKEY` that is never modified after creation, which OpenSSL allows to
/// be used from several threads at once, hence `@unchecked Sendable`. Verification contexts are pooled.
public final class P256PublicKey: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The `EVP_PKEY` (public part only).
    let pointer: OpaquePointer
    /// The SubjectPublicKeyInfo DER encoding.
    public let derRepresentation: Data
    /// Verification on pooled contexts.
    let verifier: ECDSAVerifier

    /// Takes ownership of an `EVP_PKEY` holding a public key whose SubjectPublicKeyInfo DER is already known
    /// (`i2d_PUBKEY` goes through OpenSSL 3.0's slow encoder framework, so callers that hold the DER pass it).
    /// - Throws: ``CryptoError/unsupportedKey(_:)`` unless the key is EC P-256 (the key is freed then).
    init(taking key: OpaquePointer, derRepresentation der: Data? = nil) throws(CryptoError) {
        guard ECKeyInspection.isP256(key) else {
            let found = ECKeyInspection.describe(key)
            EVP_PKEY_free(key)
            throw .unsupportedKey(found)
        }
        guard let der = der ?? DERBytes.encode({ i2d_PUBKEY(key, $0) }) else {
            EVP_PKEY_free(key)
            throw .openSSL("encode a public key")
        }
        guard let verifier = ECDSAVerifier(key: key) else {
            EVP_PKEY_free(key)
            throw .unsupportedKey("not an EC key")
        }
        pointer = key
        derRepresentation = der
        self.verifier = verifier
    }

    /// Imports a DER SubjectPublicKeyInfo.
    /// - Throws: ``CryptoError/invalidKeyEncoding(_:)`` or ``CryptoError/unsupportedKey(_:)``.
    public convenience init(derRepresentation: Data) throws(CryptoError) {
        guard let key = DERBytes.decode(derRepresentation, free: { EVP_PKEY_free($0) }, { d2i_PUBKEY(nil, $0, $1) })
        else {
            throw .invalidKeyEncoding("not a DER SubjectPublicKeyInfo")
        }
        try self.init(taking: key, derRepresentation: derRepresentation)
    }

    /// Imports a PEM `PUBLIC KEY` block.
    public convenience init(pemRepresentation: String) throws(CryptoError) {
        let document: PEMDocument
        do {
            document = try PEMDocument(parsing: pemRepresentation, expectedLabel: "PUBLIC KEY")
        } catch {
            throw .invalidPEM(error.description)
        }
        try self.init(derRepresentation: document.der)
    }

    /// The key as a PEM `PUBLIC KEY` block.
    public var pemRepresentation: String {
        PEMDocument(label: "PUBLIC KEY", der: derRepresentation).pemString
    }

    deinit {
        EVP_PKEY_free(pointer)
    }

    /// Whether `signature` signs SHA-256(`message`) with this key.
    public func isValidSignature(_ signature: ES256Signature, for message: some DataProtocol) -> Bool {
        isValidDERSignature(signature.derRepresentation, digest: SHA256.hash(message))
    }

    /// Whether a raw JOSE signature (`r ‖ s`) signs SHA-256(`message`); anything but 64 bytes is `false` before
    /// OpenSSL sees it.
    public func isValidRawSignature(_ rawSignature: Data, for message: some DataProtocol) -> Bool {
        guard rawSignature.count == ES256Signature.rawByteCount else { return false }
        let digest = SHA256.hash(message)
        return rawSignature.withUnsafeBytes { raw in
            digest.bytes.withUnsafeBytes { isValidRawSignature(raw, digest: $0) }
        }
    }

    /// Whether a DER ECDSA signature (as in Apple's promotional-offer V1 signatures) signs SHA-256(`message`);
    /// non-canonical DER is `false`.
    public func isValidDERSignature(_ derSignature: Data, for message: some DataProtocol) -> Bool {
        guard let signature = try? ES256Signature(derRepresentation: derSignature) else { return false }
        return isValidSignature(signature, for: message)
    }

    /// Verifies a 64-byte `r ‖ s` buffer against a 32-byte digest (the JWS hot path: the DER form OpenSSL needs
    /// is written on the stack).
    func isValidRawSignature(_ rawSignature: UnsafeRawBufferPointer, digest: UnsafeRawBufferPointer) -> Bool {
        guard rawSignature.count == ES256Signature.rawByteCount else { return false }
        return ES256Signature.withDER(fromRaw: rawSignature) { isValidDERSignature($0, digest: digest) }
    }

    private func isValidDERSignature(_ der: Data, digest: SHA256Digest) -> Bool {
        der.withUnsafeBytes { der in digest.bytes.withUnsafeBytes { isValidDERSignature(der, digest: $0) } }
    }

    /// Verifies a DER ECDSA signature against a 32-byte digest with `EVP_PKEY_verify` on a pooled, initialised
    /// context: what `EVP_DigestVerify` ends in, without its per-call context set-up.
    func isValidDERSignature(_ der: UnsafeRawBufferPointer, digest: UnsafeRawBufferPointer) -> Bool {
        verifier.isValid(derSignature: der, digest: digest)
    }

    public static func == (lhs: P256PublicKey, rhs: P256PublicKey) -> Bool {
        lhs.derRepresentation == rhs.derRepresentation
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(derRepresentation)
    }

    /// The PEM encoding.
    public var description: String { pemRepresentation }
}
