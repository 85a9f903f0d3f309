/// An `x5c` entry as a cache key: the base64 text of one certificate.
///
/// Hashing reads only the UTF-8 length and the last 32 bytes (the base64 of the end of the certificate's
/// signature, which differs between any two certificates), in one `combine(bytes:)`; equality still compares the
/// full text, so a collision costs one comparison and never a wrong hit. The caches keyed by it hold only
/// certificates of chains that validated, and are bounded, so colliding keys cannot be used to flood them.
struct CertificateText: Hashable, Sendable {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    func hash(into hasher: inout Hasher) {
        let utf8 = text.utf8
        hasher.combine(utf8.count)
        let hashed: Void? = utf8.withContiguousStorageIfAvailable { bytes in
            hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes.suffix(32))))
        }
        if hashed == nil {
            for byte in utf8.suffix(32) { hasher.combine(byte) }
        }
    }
}
