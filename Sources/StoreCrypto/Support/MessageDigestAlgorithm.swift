import COpenSSL

/// A message digest implementation fetched once from OpenSSL's default provider.
///
/// Fetching is the expensive part of `EVP_Digest*` in OpenSSL 3; passing a pre-fetched `EVP_MD` skips the
/// implicit fetch on every call. The fetched object is immutable and reference counted by OpenSSL, and
/// OpenSSL documents it as safe to share between threads, hence `@unchecked Sendable`.
final class MessageDigestAlgorithm: @unchecked Sendable {
    /// SHA-256, used by ES256 and by certificate signatures.
    static let sha256 = MessageDigestAlgorithm(name: "SHA256")
    /// SHA-384, used by the signatures of Apple's certificates (ecdsa-with-SHA384).
    static let sha384 = MessageDigestAlgorithm(name: "SHA384")
    /// SHA-512, for ecdsa-with-SHA512 certificate signatures.
    static let sha512 = MessageDigestAlgorithm(name: "SHA512")
    /// SHA-1, used only for RFC 5280 key identifiers.
    static let sha1 = MessageDigestAlgorithm(name: "SHA1")

    /// The `EVP_MD`; never null (the default provider always has these digests).
    let pointer: OpaquePointer

    private init(name: String) {
        guard let fetched = EVP_MD_fetch(nil, name, nil) else {
            preconditionFailure("OpenSSL's default provider has no \(name) implementation")
        }
        pointer = fetched
    }

    deinit {
        EVP_MD_free(pointer)
    }

    /// The longest digest of these algorithms (SHA-512), in bytes.
    static let maximumDigestByteCount = 64

    /// Calls `body` with the digest of `buffer`, held in stack memory.
    func withDigest<Result>(of buffer: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maximumDigestByteCount) { output in
            var length: UInt32 = 0
            let status = EVP_Digest(buffer.baseAddress, buffer.count, output.baseAddress, &length, pointer, nil)
            // Hashing memory cannot fail short of memory exhaustion, which Swift treats as fatal too.
            precondition(status == 1, "OpenSSL digest failed: \(OpenSSLErrorQueue.drain())")
            return body(UnsafeRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(output)[0..<Int(length)]))
        }
    }
}
