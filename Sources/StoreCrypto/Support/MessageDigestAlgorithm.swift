import COpenSSL

/// A message digest implementation fetched once from OpenSSL's default provider.
///
/// Fetching is the expensive part of `EVP_Digest*` in OpenSSL 3; passing a pre-fetched `EVP_MD` skips the
/// implicit fetch on every call. The fetched object is immutable and reference counted by OpenSSL, and
/// OpenSSL documents it as safe to share between threads, hence `@unchecked Sendable`.
final class MessageDigestAlgorithm: @unchecked Sendable {
    /// SHA-256, used by ES256 and by certificate signatures.
    static let sha256 = MessageDigestAlgorithm(name: "SHA256")
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
}
