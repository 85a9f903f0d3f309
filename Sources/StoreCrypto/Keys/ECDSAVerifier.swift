import COpenSSL

/// ECDSA verification with one EC public key (any curve) on pooled, initialised `EVP_PKEY_CTX`s.
///
/// `EVP_DigestVerify` and `X509_verify` both end in `EVP_PKEY_verify` over a digest; on OpenSSL 3.0 most of
/// their remaining cost is creating and initialising contexts (algorithm fetches included), which this type does
/// once per key and context. Safe to use from several threads at once: each call borrows its own context.
final class ECDSAVerifier: Sendable {
    private let pool: KeyOperationPool

    /// A verifier for `key`, an `EVP_PKEY` the caller keeps owning (the verifier holds its own reference).
    /// - Returns: `nil` unless the key is an EC key.
    init?(key: OpaquePointer) {
        guard EVP_PKEY_get_base_id(key) == EVP_PKEY_EC else { return nil }
        pool = KeyOperationPool(key: key, operation: .verify)
    }

    /// Whether `der` is a valid DER ECDSA signature of `digest` (the hash of the signed message, of any length
    /// the curve accepts). Non-canonical DER is invalid, as in `ECDSA_verify`.
    func isValid(derSignature der: UnsafeRawBufferPointer, digest: UnsafeRawBufferPointer) -> Bool {
        guard let signature = der.baseAddress, let digestBytes = digest.baseAddress else { return false }
        let outcome = pool.withContext { context -> (result: Bool, reusable: Bool) in
            let status = EVP_PKEY_verify(
                context, signature.assumingMemoryBound(to: UInt8.self), der.count,
                digestBytes.assumingMemoryBound(to: UInt8.self), digest.count)
            if status == 1 { return (true, true) }
            // A wrong signature leaves entries in the error queue; they describe nothing the caller can act on.
            OpenSSLErrorQueue.clear()
            return (false, status == 0)
        }
        return outcome ?? false
    }
}
