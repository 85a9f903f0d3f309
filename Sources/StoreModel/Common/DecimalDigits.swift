/// Decimal identifiers (Apple's transaction and web order line item IDs are integers spelled in decimal) read
/// back as integers and spelled again without the standard library's generic conversions: the engine reads several
/// for every renewal (eight digits at a time) and spells its new ones (two digits at a time).
public enum DecimalDigits {
    /// The number `text` spells when it is ASCII digits only (leading zeros allowed) and fits an `Int64`, as
    /// `Int64(text)` reads such a string; `nil` for anything else, a sign included.
    public static func value(of text: String) -> Int64? {
        if let value = text.utf8.withContiguousStorageIfAvailable(value(ofDigits:)) { return value }
        return Array(text.utf8).withUnsafeBufferPointer(value(ofDigits:))
    }

    /// The number `text` spells when it is the canonical decimal spelling of an `Int64` that is not negative, the
    /// one `String(_:)` gives back: digits only, no leading zero (but for "0" itself), no overflow; `nil` otherwise.
    /// Asked without making that spelling, which allocates for identifiers of sixteen digits or more.
    public static func canonicalValue(of text: String) -> Int64? {
        guard let first = text.utf8.first, first != UInt8(ascii: "0") || text.utf8.count == 1 else { return nil }
        return value(of: text)
    }

    /// Whether `text` is the canonical spelling ``canonicalValue(of:)`` reads.
    public static func isCanonical(_ text: String) -> Bool {
        canonicalValue(of: text) != nil
    }

    /// `String(value)`, written two digits at a time: the engine spells every new identifier this way, in about
    /// half the instructions of the standard library's general conversion for sixteen digits.
    public static func string(_ value: Int64) -> String {
        guard value >= 0 else { return String(value) }
        var remaining = UInt64(value)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            guard let base = buffer.baseAddress else { return String(value) }
            let pairs = digitPairs.utf8Start
            var start = 20
            while remaining >= 100 {
                let pair = Int(remaining % 100) &* 2
                remaining /= 100
                start -= 2
                base[start] = pairs[pair]
                base[start + 1] = pairs[pair + 1]
            }
            if remaining >= 10 {
                let pair = Int(remaining) &* 2
                start -= 2
                base[start] = pairs[pair]
                base[start + 1] = pairs[pair + 1]
            } else {
                start -= 1
                base[start] = UInt8(ascii: "0") &+ UInt8(remaining)
            }
            return String(decoding: UnsafeBufferPointer(start: base + start, count: 20 - start), as: UTF8.self)
        }
    }

    /// "00", "01", … "99" run together.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// The digits read eight at a time, each eight checked and combined in one word (the engine reads a stored
    /// identifier, sixteen digits or more, several times a renewal), then the rest one at a time.
    private static func value(ofDigits digits: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard let base = digits.baseAddress, !digits.isEmpty else { return nil }
        var result: UInt64 = 0
        var index = 0
        while digits.count - index >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            guard let eight = eightDigits(word), let next = accumulate(result, times: 100_000_000, plus: eight) else {
                return nil
            }
            result = next
            index += 8
        }
        while index < digits.count {
            let digit = base[index] &- UInt8(ascii: "0")
            guard digit < 10, let next = accumulate(result, times: 10, plus: UInt64(digit)) else { return nil }
            result = next
            index += 1
        }
        return Int64(result)
    }

    /// `result × factor + addend`, or `nil` past `Int64.max`.
    @inline(__always)
    private static func accumulate(_ result: UInt64, times factor: UInt64, plus addend: UInt64) -> UInt64? {
        let (shifted, overflowShift) = result.multipliedReportingOverflow(by: factor)
        let (sum, overflowSum) = shifted.addingReportingOverflow(addend)
        guard !overflowShift, !overflowSum, sum <= UInt64(Int64.max) else { return nil }
        return sum
    }

    /// The number eight ASCII digits spell, the first in the word's lowest byte; `nil` when a byte is not a digit.
    @inline(__always)
    private static func eightDigits(_ word: UInt64) -> UInt64? {
        // Each byte is a digit when its high nibble is 3 and stays 3 once 6 is added (no carry crosses from a byte
        // that passes into the next).
        let high: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        guard (word & high) | (((word &+ 0x0606_0606_0606_0606) & high) >> 4) == 0x3333_3333_3333_3333 else {
            return nil
        }
        // Pairs, then fours, then the eight, each step multiplying and adding the halves of the step before.
        var value = word &- 0x3030_3030_3030_3030
        value = (value &* 10) &+ (value >> 8)
        let mask: UInt64 = 0x0000_00FF_0000_00FF
        value = ((value & mask) &* (100 &+ (1_000_000 << 32)) &+ ((value >> 16) & mask) &* (1 &+ (10_000 << 32))) >> 32
        return value & 0xFFFF_FFFF
    }
}
