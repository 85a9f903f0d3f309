/// Version 4 UUIDs, lowercase, from a xoshiro256** generator seeded once from the system's random source.
///
/// Foundation's `UUID()` reads the system's random source for every UUID (an `open` and a `read` on Linux), which
/// costs more than the rest of a renewal's bookkeeping; notification UUIDs and device-verification nonces need
/// uniqueness, so one seed per operation is enough.
struct UUIDSource {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    /// A source seeded from the system's random source.
    init() {
        var system = SystemRandomNumberGenerator()
        state = (system.next(), system.next(), system.next(), system.next())
        if state == (0, 0, 0, 0) { state.0 = 1 }
    }

    private mutating func next() -> UInt64 {
        let result = rotate(state.1 &* 5, 7) &* 9
        let shifted = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= shifted
        state.3 = rotate(state.3, 45)
        return result
    }

    private func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }

    /// A new random (version 4, RFC 4122 variant) UUID in lowercase text.
    mutating func makeString() -> String {
        let high = (next() & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
        let low = (next() & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        return UUIDText.lowercase(high: high, low: low)
    }
}
