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

    @Test func refusesANonDigitAtEveryPlaceOfEveryLength() {
        // Eight digits are read at a time: a byte just outside the digits, or far from them, at each place of
        // each length up to two words and a half, and runs that carry when a word is checked.
        for length in 1...20 {
            for place in 0..<length {
                for byte: UInt8 in [0x2F, 0x3A, 0x00, 0x20, 0x7F, 0xB0, 0xF9, 0xFA, 0xFF] {
                    var bytes = [UInt8](repeating: UInt8(ascii: "7"), count: length)
                    bytes[place] = byte
                    let text = String(decoding: bytes, as: UTF8.self)
                    #expect(DecimalDigits.value(of: text) == Int64(text), "\(bytes)")
                }
            }
        }
        #expect(DecimalDigits.value(of: String(decoding: [UInt8](repeating: 0xFF, count: 8) + Array("1".utf8), as: UTF8.self)) == nil)
    }

    @Test func readsEveryLengthOfEveryDigit() {
        for length in 1...25 {
            for digit in "0123456789" {
                let text = String(repeating: digit, count: length)
                #expect(DecimalDigits.value(of: text) == Int64(text), "\(text)")
            }
        }
    }

    @Test func spellsAsStringDoes() {
        for value in Self.values where value <= UInt64(Int64.max) {
            #expect(DecimalDigits.string(Int64(value)) == String(value))
        }
        for value: Int64 in [-1, -10, -9_223_372_036_854_775_807, .min] {
            #expect(DecimalDigits.string(value) == String(value))
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
