import Foundation

/// The payloads the engine stores (transactions and notifications) with each member name it knows replaced by a
/// short code: `"productId":`, quotes and colon included, becomes one byte, or two for the rarer names.
///
/// Member names are about half of a payload's bytes, and every renewal stores two payloads. The codes are bytes
/// `0x06` to `0x1E` for the first 25 names of ``names`` and `0x1F` followed by `0x80 + i` for the others. Valid
/// JSON never contains a byte below `0x20` unescaped, and ``StoredJWS``'s markers are `0x01` to `0x05`, so the
/// replacement is exact: expanding gives back the bytes that were compacted, whatever they are, and a payload stored
/// before the codes existed expands to itself.
///
/// A code stands for its name in every row written with it, so ``names`` only ever grows at its end. Payloads the
/// engine writes itself get their stored form as they are written (``JSONPayloadWriter`` with ``StoredMember``
/// names); ``compacting(_:)`` codes JSON written otherwise.
public enum StoredMemberNames {
    /// The names with a code, in code order (``StoredMember``'s cases): those of a renewal's transaction, renewal
    /// information and notification first.
    static let names: [String] = StoredMember.allCases.map { $0.name.description }

    /// The code of the first name.
    static let firstCode: UInt8 = 0x06
    /// The first byte of a two-byte code.
    static let extendedCode: UInt8 = 0x1F
    /// The second byte of the first two-byte code.
    static let firstExtendedIndex: UInt8 = 0x80
    /// How many names have a one-byte code.
    static let oneByteCount = Int(extendedCode - firstCode)

    /// Each name's stored spelling, `"name":`, by position in ``names``.
    private static let spellings: [[UInt8]] = names.map { Array("\"\($0)\":".utf8) }

    /// Each name's code, by position in ``names``: its first byte, and its second or 0.
    private static let codes: [(UInt8, UInt8)] = names.indices.map { index in
        index < oneByteCount ? (firstCode + UInt8(index), 0) : (extendedCode, firstExtendedIndex + UInt8(index - oneByteCount))
    }

    /// The table ``compacting(_:)`` looks names up in.
    private static let lookup = NameLookup(names: names)

    /// `json` as stored: each known `"name":` replaced by its code.
    static func compacting(_ json: [UInt8]) -> [UInt8] {
        json.withUnsafeBufferPointer { input in
            [UInt8](unsafeUninitializedCapacity: input.count) { output, written in
                written = compact(input, into: output.baseAddress)
            }
        }
    }

    /// ``compacting(_:)`` written straight into the `Data` a statement binds.
    static func compactedData(_ json: [UInt8]) -> Data {
        var data = Data(count: json.count)
        let written = json.withUnsafeBufferPointer { input in
            data.withUnsafeMutableBytes { output in
                compact(input, into: output.baseAddress?.assumingMemoryBound(to: UInt8.self))
            }
        }
        data.count = written
        return data
    }

    /// Writes `input` compacted to `target` (room for `input.count` bytes: compacting never lengthens) and returns
    /// the length written.
    private static func compact(_ input: UnsafeBufferPointer<UInt8>, into target: UnsafeMutablePointer<UInt8>?) -> Int {
        guard let base = input.baseAddress, let target, input.count > 0 else { return 0 }
        let lookup = Self.lookup
        let codes = Self.codes
        let count = input.count
        func quote(from start: Int) -> Int { firstQuote(in: base, count: count, from: start) }
        var copied = 0
        var out = 0
        var index = quote(from: 0)
        while index < count {
            let end = quote(from: index + 1)
            guard end + 1 < count, base[end + 1] == UInt8(ascii: ":"),
                let name = lookup.position(of: base + index + 1, count: end - index - 1)
            else {
                // The closing quote may open a name (`"value","name":`).
                index = end
                continue
            }
            (target + out).update(from: base + copied, count: index - copied)
            out += index - copied
            let code = codes[name]
            target[out] = code.0
            out += 1
            if code.1 != 0 {
                target[out] = code.1
                out += 1
            }
            copied = end + 2
            index = quote(from: end + 2)
        }
        (target + out).update(from: base + copied, count: count - copied)
        return out + count - copied
    }

    /// The position of the first quote at or after `start` in the `count` bytes at `base`, or `count`. Eight
    /// bytes at a time, inline: most gaps between quotes are a few bytes, where a call to `memchr` per quote cost
    /// more than the scan.
    @inline(__always)
    private static func firstQuote(in base: UnsafePointer<UInt8>, count: Int, from start: Int) -> Int {
        let quotes: UInt64 = 0x2222_2222_2222_2222
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let raw = UnsafeRawPointer(base)
        var index = start
        while index + 8 <= count {
            // A zero byte where the word has a quote: the lowest flagged byte is exactly the first quote.
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ quotes
            let found = (word &- ones) & ~word & high
            if found != 0 { return index + found.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < count, base[index] != UInt8(ascii: "\"") { index += 1 }
        return index
    }

    /// A stored payload with each code expanded to its `"name":` again. A payload without codes comes back as is.
    /// - Throws: ``AppStoreEngineError/corruptState(_:)`` for a two-byte code that names no member.
    public static func expanding(_ stored: [UInt8]) throws(AppStoreEngineError) -> [UInt8] {
        try stored.withUnsafeBufferPointer { input throws(AppStoreEngineError) -> [UInt8] in
            var length = 0
            var index = 0
            while index < input.count {
                let byte = input[index]
                if byte >= firstCode, byte <= extendedCode {
                    let name = try name(at: index, in: input)
                    length += spellings[name].count
                    index += byte == extendedCode ? 2 : 1
                } else {
                    length += 1
                    index += 1
                }
            }
            if length == input.count { return stored }
            return [UInt8](unsafeUninitializedCapacity: length) { output, written in
                var out = 0
                var index = 0
                while index < input.count {
                    let byte = input[index]
                    if byte >= firstCode, byte <= extendedCode {
                        let name = byte == extendedCode
                            ? Int(input[index + 1] - firstExtendedIndex) + oneByteCount : Int(byte - firstCode)
                        spellings[name].withUnsafeBufferPointer { spelling in
                            (output.baseAddress! + out).update(from: spelling.baseAddress!, count: spelling.count)
                            out += spelling.count
                        }
                        index += byte == extendedCode ? 2 : 1
                    } else {
                        output[out] = byte
                        out += 1
                        index += 1
                    }
                }
                written = out
            }
        }
    }

    /// The position in ``names`` of the code at `index`.
    private static func name(at index: Int, in input: UnsafeBufferPointer<UInt8>) throws(AppStoreEngineError) -> Int {
        let byte = input[index]
        guard byte == extendedCode else { return Int(byte - firstCode) }
        guard index + 1 < input.count, input[index + 1] >= firstExtendedIndex,
            Int(input[index + 1] - firstExtendedIndex) + oneByteCount < names.count
        else {
            throw .corruptState(
                "a stored payload has a member-name code (0x1F) at byte \(index) that names no member; "
                    + "the database was written by a newer version of Tienda or is damaged")
        }
        return Int(input[index + 1] - firstExtendedIndex) + oneByteCount
    }
}

/// Finds a member name among ``StoredMemberNames/names`` from its bytes: an open-addressing table hashed on the
/// name's length and three of its bytes, each hit confirmed by comparing the whole name.
private final class NameLookup: Sendable {
    /// The names' UTF-8 bytes, one after another.
    private let bytes: [UInt8]
    /// Where each name starts in ``bytes``, and where the last ends.
    private let starts: [Int]
    /// Each slot's name position plus one (0: empty).
    private let slots: [UInt8]
    private let longest: Int
    private static let slotCount = 256

    init(names: [String]) {
        precondition(names.count < Self.slotCount / 2, "too many member names for the lookup table")
        var bytes: [UInt8] = []
        var starts: [Int] = []
        var slots = [UInt8](repeating: 0, count: Self.slotCount)
        for (index, name) in names.enumerated() {
            let utf8 = Array(name.utf8)
            starts.append(bytes.count)
            bytes += utf8
            var slot = utf8.withUnsafeBufferPointer { Self.slot($0.baseAddress!, count: $0.count) }
            while slots[slot] != 0 { slot = (slot + 1) & (Self.slotCount - 1) }
            slots[slot] = UInt8(index + 1)
        }
        starts.append(bytes.count)
        self.bytes = bytes
        self.starts = starts
        self.slots = slots
        longest = names.map(\.utf8.count).max() ?? 0
    }

    private static func slot(_ name: UnsafePointer<UInt8>, count: Int) -> Int {
        let hash = UInt32(truncatingIfNeeded: count) &* 0x9E37_79B1 ^ UInt32(name[0]) &* 0x85EB_CA6B
            ^ UInt32(name[count - 1]) &* 0xC2B2_AE35 ^ UInt32(name[count >> 1]) &* 0x27D4_EB2F
        return Int(hash >> 24)
    }

    /// The position in the names of the `count` bytes at `name`, if they are one.
    func position(of name: UnsafePointer<UInt8>, count: Int) -> Int? {
        guard count > 0, count <= longest else { return nil }
        return slots.withUnsafeBufferPointer { slots in
            var slot = Self.slot(name, count: count)
            while true {
                let entry = slots[slot]
                if entry == 0 { return nil }
                let index = Int(entry) - 1
                let start = starts[index]
                if starts[index + 1] - start == count,
                    bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress! + start, name, count) }) == 0
                {
                    return index
                }
                slot = (slot + 1) & (Self.slotCount - 1)
            }
        }
    }
}
