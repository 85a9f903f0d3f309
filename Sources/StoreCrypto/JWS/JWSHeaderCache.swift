#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import StoreLocking

/// Parsed JWS headers by the exact bytes of their header segment.
///
/// Every JWS from one signer carries the same header segment (a few kilobytes of base64url around the `x5c`
/// chain), so a verifier parses it once. Only headers that parsed successfully are stored; a hit returns the
/// very strings of the first parse, which also makes the chain cache's string comparisons pointer-fast.
///
/// A lookup reads the segment where it lies in the JWS: it compares a fingerprint (the length and eight words
/// from where the leaf certificate's serial number is encoded), then the whole segment with `memcmp`, so a hit
/// costs no allocation and a fingerprint collision never returns a wrong header. The cache holds a few
/// entries (one per signer), evicting the least recently used when full.
final class JWSHeaderCache: Sendable {
    private struct Entry {
        let fingerprint: UInt64
        let segment: [UInt8]
        let header: JWSHeader
        var lastUse: UInt64
    }

    private struct State {
        var entries: [Entry] = []
        var clock: UInt64 = 0
    }

    /// The maximum number of headers; 0 disables the cache.
    let capacity: Int
    private let state = Locked(State())

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The number of cached headers.
    var count: Int {
        state.withLock { $0.entries.count }
    }

    /// The header for `segment`, from the cache or from `parse` (whose result is then stored).
    func header(for segment: UnsafeBufferPointer<UInt8>, parse: () throws(JWSError) -> JWSHeader) throws(JWSError)
        -> JWSHeader
    {
        guard capacity > 0 else { return try parse() }
        let fingerprint = Self.fingerprint(of: segment)
        let cached = state.withLock { state -> JWSHeader? in
            guard let index = Self.index(of: segment, fingerprint: fingerprint, in: state.entries) else { return nil }
            state.clock += 1
            state.entries[index].lastUse = state.clock
            return state.entries[index].header
        }
        if let cached { return cached }
        let header = try parse()
        state.withLock { state in
            guard Self.index(of: segment, fingerprint: fingerprint, in: state.entries) == nil else { return }
            if state.entries.count >= capacity,
                let oldest = state.entries.indices.min(by: { state.entries[$0].lastUse < state.entries[$1].lastUse })
            {
                state.entries.remove(at: oldest)
            }
            state.clock += 1
            state.entries.append(
                Entry(fingerprint: fingerprint, segment: Array(segment), header: header, lastUse: state.clock))
        }
        return header
    }

    /// The index of the entry holding exactly `segment`.
    private static func index(of segment: UnsafeBufferPointer<UInt8>, fingerprint: UInt64, in entries: [Entry])
        -> Int?
    {
        entries.firstIndex { entry in
            entry.fingerprint == fingerprint && entry.segment.count == segment.count
                && entry.segment.withUnsafeBufferPointer { stored in
                    segment.isEmpty || memcmp(stored.baseAddress!, segment.baseAddress!, segment.count) == 0
                }
        }
    }

    /// The length mixed with the eight 8-byte words at offsets 40..<104 (fewer for a shorter segment): in an App
    /// Store header they encode the leaf certificate's serial number and validity, which differ between signers.
    static func fingerprint(of segment: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var fingerprint = UInt64(segment.count) &* 0x9E37_79B9_7F4A_7C15
        guard let base = segment.baseAddress else { return fingerprint }
        var offset = 40
        while offset + 8 <= min(segment.count, 104) {
            let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            fingerprint = (fingerprint ^ word) &* 0xBF58_476D_1CE4_E5B9
            offset += 8
        }
        return fingerprint
    }
}
