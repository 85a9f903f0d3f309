/// A notification's `notificationUUID` derived from its outbox sequence number, and the sequence number read back
/// from the UUID.
///
/// The UUID is a keyed permutation of the sequence number: a six-round unbalanced Feistel network over the 122
/// free bits of a version 4, RFC 4122 variant UUID (a 60-bit half and a 62-bit half), whose plaintext is zero in
/// the 60-bit half and the sequence number in the other. Each store draws its 64-bit key once (schema migration
/// 2), so UUIDs look random, never repeat within a store (the map is a bijection) and differ between stores; a
/// lookup by UUID inverts the permutation and reads the row by its sequence number, so the outbox needs no index
/// on a random key. A UUID that does not decode to a zero half under the store's key was not made by this store
/// (or came from a version that stored random UUIDs, which keep their column).
public struct NotificationUUIDCodec: Sendable, Hashable {
    private static let rounds = 6
    private static let mask60: UInt64 = (1 << 60) - 1
    private static let mask62: UInt64 = (1 << 62) - 1
    private let roundKeys: [UInt64]

    /// A codec for the store whose key is `key` (the `notification_uuid_key` counter of the engine's store).
    public init(key: Int64) {
        var state = UInt64(bitPattern: key)
        var keys: [UInt64] = []
        for _ in 0..<Self.rounds {
            state &+= 0x9E37_79B9_7F4A_7C15
            keys.append(Self.mix(state))
        }
        roundKeys = keys
    }

    /// SplitMix64's finalizer: a bijective mix of 64 bits.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Even rounds change the 62-bit half from the 60-bit one, odd rounds the other way; each is its own inverse.
    private func round(_ index: Int, _ left: inout UInt64, _ right: inout UInt64) {
        if index % 2 == 0 {
            right ^= Self.mix(left ^ roundKeys[index]) & Self.mask62
        } else {
            left ^= Self.mix(right ^ roundKeys[index]) & Self.mask60
        }
    }

    /// The lowercase UUID of the notification with outbox sequence number `sequence` (positive, below 2⁶²).
    public func uuid(sequence: Int64) -> String {
        var left: UInt64 = 0
        var right = UInt64(bitPattern: sequence) & Self.mask62
        for index in 0..<Self.rounds { round(index, &left, &right) }
        let high = ((left >> 12) << 16) | 0x4000 | (left & 0xFFF)
        let low = 0x8000_0000_0000_0000 | right
        return UUIDText.lowercase(high: high, low: low)
    }

    /// The outbox sequence number `uuid` stands for, or `nil` when this store did not derive it (any case is
    /// accepted, as UUIDs compare without regard to case).
    public func sequence(uuid: String) -> Int64? {
        let bytes = Array(uuid.utf8)
        guard bytes.count == 36 else { return nil }
        var words: [UInt64] = [0, 0]
        var digits = 0
        for (position, byte) in bytes.enumerated() {
            if position == 8 || position == 13 || position == 18 || position == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            let value: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            words[digits / 16] = words[digits / 16] << 4 | UInt64(value)
            digits += 1
        }
        let (high, low) = (words[0], words[1])
        guard (high >> 12) & 0xF == 4, low >> 62 == 0b10 else { return nil }
        var left = ((high >> 16) << 12) | (high & 0xFFF)
        var right = low & Self.mask62
        for index in (0..<Self.rounds).reversed() { round(index, &left, &right) }
        guard left == 0, right > 0, right <= UInt64(Int64.max) else { return nil }
        return Int64(right)
    }
}
