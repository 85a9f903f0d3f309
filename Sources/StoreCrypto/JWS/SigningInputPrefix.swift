import COpenSSL

/// The encoded header of a ``JWSSigner``, `base64url(header) + "."`, and the SHA-256 state after hashing it.
///
/// Every JWS a signer produces starts with these bytes, so they are encoded once and hashed once; each signature
/// copies the hash state and feeds it only the payload. A documented C wrapper: the `EVP_MD_CTX` is never
/// updated after `init`, and copying from it only reads it, so sharing it between threads is safe
/// (`@unchecked Sendable`).
final class SigningInputPrefix: @unchecked Sendable {
    /// `base64url(header) + "."`.
    let bytes: [UInt8]
    private let hashState: OpaquePointer

    init(header: JWSHeader) {
        let json = header.jsonBytes
        let codec = Base64Codec.url
        var encoded = [UInt8](repeating: 0, count: codec.encodedLength(of: json.count) + 1)
        let written = json.withUnsafeBytes { input in
            encoded.withUnsafeMutableBufferPointer { codec.encode(input, into: $0) }
        }
        encoded[written] = UInt8(ascii: ".")
        bytes = encoded
        guard let context = EVP_MD_CTX_new(),
            EVP_DigestInit_ex2(context, MessageDigestAlgorithm.sha256.pointer, nil) == 1,
            EVP_DigestUpdate(context, encoded, encoded.count) == 1
        else {
            preconditionFailure("OpenSSL cannot start a SHA-256 computation: \(OpenSSLErrorQueue.drain())")
        }
        hashState = context
    }

    deinit {
        EVP_MD_CTX_free(hashState)
    }

    /// Writes SHA-256(prefix ‖ `rest`) into the 32 bytes at `digest`.
    /// - Returns: `false` when OpenSSL fails (its error queue is left for the caller).
    func digest(appending rest: UnsafeRawBufferPointer, into digest: UnsafeMutablePointer<UInt8>) -> Bool {
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        var length: UInt32 = 0
        return EVP_MD_CTX_copy_ex(context, hashState) == 1
            && EVP_DigestUpdate(context, rest.baseAddress, rest.count) == 1
            && EVP_DigestFinal_ex(context, digest, &length) == 1
    }
}
