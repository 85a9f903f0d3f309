/// Parsed JWS headers by the exact text of their header segment.
///
/// Every JWS from one signer carries the same header segment (a few kilobytes of base64url around the `x5c`
/// chain), so a verifier parses it once. Only headers that parsed successfully are stored; a hit returns the
/// very strings of the first parse, which also makes the chain cache's string comparisons pointer-fast.
final class JWSHeaderCache: Sendable {
    /// A header segment, hashed cheaply: its length and 64 characters from where the leaf certificate's serial
    /// number is encoded (equality still compares the whole text).
    struct SegmentText: Hashable, Sendable {
        let text: String

        func hash(into hasher: inout Hasher) {
            let utf8 = text.utf8
            hasher.combine(utf8.count)
            for byte in utf8.dropFirst(40).prefix(64) { hasher.combine(byte) }
        }
    }

    private let entries: BoundedCache<SegmentText, JWSHeader>

    init(capacity: Int) {
        entries = BoundedCache(capacity: capacity)
    }

    /// The header for `segment`, from the cache or from `parse` (whose result is then stored).
    func header(for segment: UnsafeBufferPointer<UInt8>, parse: () throws(JWSError) -> JWSHeader) throws(JWSError)
        -> JWSHeader
    {
        guard entries.capacity > 0 else { return try parse() }
        let key = SegmentText(text: String(decoding: segment, as: UTF8.self))
        if let cached = entries.value(for: key) { return cached }
        let header = try parse()
        entries.insert(header, for: key)
        return header
    }
}
