import StoreModel
import Testing

@Suite struct DecimalDigitsTests {
    /// Values at every digit count, the powers of ten and their neighbours, the extremes, and the identifiers'
    /// own ranges.
    static let values: [UInt64] = {
        var values: [UInt64] = [0, 1, 9, 10, 11, 99, 100, UInt64(Int64.max), UInt64(Int64.max) + 1, .max, .max - 1]
        var power: UInt64 = 1
        for _ in 0..<19 {
            power *= 10
            values += [power - 1, power, power + 1]
        }
        values += [2_000_000_000_000_001, 2_000_000_500_000_001, 123_456_789_012_345, 1_234_567_890_123_456]
        var generator = SystemRandomNumberGenerator()
        values += (0..<200).map { _ in UInt64.random(in: 0...UInt64.max, using: &generator) >> UInt64.random(in: 0...63) }
        return values
    }()

    @Test func readsDigitsAsInt64Does() {
        for value in Self.values {
            let text = String(value)
            #expect(DecimalDigits.value(of: text) == Int64(text), "\(text)")
            #expect(DecimalDigits.value(of: "000" + text) == Int64("000" + text), "000\(text)")
        }
    }

    @Test func refusesAnythingButDigits() {
        for text in ["", "-1", "+1", " 1", "1 ", "1a", "a1", "1.0", "1e3", "0x10", "١٢", "１２", "9223372036854775808",
            "99999999999999999999", "18446744073709551616"]
        {
            #expect(DecimalDigits.value(of: text) == nil, "\(text)")
        }
    }

    @Test func knowsTheCanonicalSpellingAsStringDoes() {
        let spellings = Self.values.flatMap { value in
            let text = String(value)
            return [text, "0" + text, "00" + text, "-" + text, text + " "]
        } + ["", "0", "00", "+1", "١٢", "9223372036854775808"]
        for text in spellings {
            let canonical = Int64(text).map { $0 >= 0 && String($0) == text } ?? false
            #expect(DecimalDigits.isCanonical(text) == canonical, "\(text)")
            #expect(DecimalDigits.canonicalValue(of: text) == (canonical ? Int64(text) : nil), "\(text)")
        }
    }
}
