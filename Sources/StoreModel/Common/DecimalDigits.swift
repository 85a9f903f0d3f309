/// Decimal identifiers (Apple's transaction and web order line item IDs are integers spelled in decimal) read
/// back as integers without the standard library's generic parsing: the engine reads several for every renewal,
/// and a plain loop over the digits takes half the time of checking them and then calling `Int64(_:)`.
public enum DecimalDigits {
    /// The number `text` spells when it is ASCII digits only (leading zeros allowed) and fits an `Int64`, as
    /// `Int64(text)` reads such a string; `nil` for anything else, a sign included.
    public static func value(of text: String) -> Int64? {
        if let value = text.utf8.withContiguousStorageIfAvailable({ value(ofDigits: $0) }) { return value }
        return value(ofDigits: Array(text.utf8))
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

    private static func value(ofDigits digits: some Collection<UInt8>) -> Int64? {
        guard !digits.isEmpty else { return nil }
        var result: Int64 = 0
        for byte in digits {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (shifted, overflowShift) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = shifted.addingReportingOverflow(Int64(digit))
            guard !overflowShift, !overflowSum else { return nil }
            result = sum
        }
        return result
    }
}
