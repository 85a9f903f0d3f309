#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a member-name lookup compares before any bytes: the UTF-8 length, the first and last eight bytes, and
/// whether the name is ASCII.
///
/// `JSONDecoder` finds members by `String` equality, which is Unicode canonical equivalence: the member name
/// `"\u{212A}"` (KELVIN SIGN) matches the key `"K"`. Two ASCII strings are canonically equivalent exactly when
/// their bytes are equal (no ASCII character has a decomposition or combines with anything), so when the member
/// name and the key are both ASCII the bytes decide, and `String ==` is needed only when either is not. App Store
/// payloads use ASCII names only, so a lookup compares a few integers, and bytes only for names over 16 bytes.
struct JSONNameProbe: Sendable, Equatable {
    /// The UTF-8 length.
    let length: Int
    /// The first eight bytes, little-endian, zero-padded.
    let prefix: UInt64
    /// The last eight bytes, little-endian, zero-padded (the whole name when it is shorter).
    let suffix: UInt64
    /// Whether every byte is below 0x80.
    let isASCII: Bool

    /// The probe of `utf8`, which must be the complete UTF-8 encoding of the name.
    init(_ utf8: UnsafeBufferPointer<UInt8>) {
        self.init(utf8, isASCII: Self.isASCII(utf8))
    }

    /// The probe of `utf8` when the caller already knows whether it is ASCII.
    init(_ utf8: UnsafeBufferPointer<UInt8>, isASCII: Bool) {
        length = utf8.count
        self.isASCII = isASCII
        guard let base = utf8.baseAddress, utf8.count >= 8 else {
            var word: UInt64 = 0
            for (index, byte) in utf8.enumerated() { word |= UInt64(byte) << (8 * UInt64(index)) }
            prefix = word
            suffix = word
            return
        }
        prefix = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self))
        suffix = UInt64(littleEndian: UnsafeRawPointer(base + utf8.count - 8).loadUnaligned(as: UInt64.self))
    }

    /// Whether every byte is below 0x80, eight bytes at a time.
    static func isASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = utf8.baseAddress else { return true }
        var combined: UInt64 = 0
        var offset = 0
        while utf8.count - offset >= 8 {
            combined |= UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            offset += 8
        }
        while offset < utf8.count {
            combined |= UInt64(base[offset])
            offset += 1
        }
        return combined & 0x8080_8080_8080_8080 == 0
    }

    /// A hash of the probe, for the member index of ``JSONObjectMembers``.
    var hashValue64: UInt64 {
        ((prefix &* 0x9E37_79B9_7F4A_7C15) ^ suffix ^ UInt64(truncatingIfNeeded: length)) &* 0xBF58_476D_1CE4_E5B9
    }

    /// Whether ASCII names with these probes may be equal: same length and same first and last eight bytes.
    func isCandidate(for other: JSONNameProbe) -> Bool {
        length == other.length && prefix == other.prefix && suffix == other.suffix
    }

    /// Whether a member named `name` (with this probe) is the member a key with `keyProbe` and UTF-8 bytes
    /// `keyBytes` asks for, by `String` equality.
    /// - Parameter key: The key text, for the comparison of non-ASCII names.
    func matches(name: String, key: String, keyProbe: JSONNameProbe, keyBytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard isASCII, keyProbe.isASCII else { return name == key }
        guard isCandidate(for: keyProbe) else { return false }
        // The first and last eight bytes cover names of up to 16 bytes.
        if length <= 16 { return true }
        return name.utf8.withContiguousStorageIfAvailable { nameBytes in
            memcmp(nameBytes.baseAddress! + 8, keyBytes.baseAddress! + 8, length - 16) == 0
        } ?? name.utf8.elementsEqual(keyBytes)
    }
}
