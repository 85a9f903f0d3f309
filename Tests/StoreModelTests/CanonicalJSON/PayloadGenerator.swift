import StoreModel
import TiendaTestSupport

/// Generates payloads for the canonical JSON differential tests from a seed: each optional field present or absent,
/// strings that need every kind of escape (quotes, backslashes, `/`, control characters, non-ASCII and astral
/// scalars), integers at their limits, and enumeration values known and unknown.
struct PayloadGenerator {
    private var random: SeededRandom
    /// The chance of each optional field being present (0 leaves every one out, 1 writes every one).
    var presence: Double

    init(seed: UInt64, presence: Double) {
        random = SeededRandom(seed: seed)
        self.presence = presence
    }

    /// Pieces strings are made of: the ones that need escaping and the ones that must not be escaped.
    static let pieces: [String] = [
        "", "a", "com.example.app", "2000000000000042", "/", "https://example.com/a/b?c=d&e=f", "\"", "\\", "\\\"",
        "\u{0}", "\u{1}", "\u{7}", "\u{8}", "\t", "\n", "\u{B}", "\u{C}", "\r", "\u{E}", "\u{1B}", "\u{1F}", " ", "\u{7F}",
        "\u{80}", "\u{85}", "\u{A0}", "é", "e\u{301}", "ß", "€", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFD}", "日本語",
        "😀", "👨‍👩‍👧", "\u{10FFFF}", "</script>", "{\"k\":[1,2]}", "'", "%", "+", "=", "\u{0}\u{0}",
    ]

    mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &random) < probability
    }

    mutating func optional<Value>(_ make: (inout PayloadGenerator) -> Value) -> Value? {
        chance(presence) ? make(&self) : nil
    }

    mutating func string() -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            if chance(0.2) {
                text.unicodeScalars.append(scalar())
            } else {
                text += Self.pieces.randomElement(using: &random)!
            }
        }
        return text
    }

    /// Any Unicode scalar: mostly ASCII and control characters, sometimes from the whole range.
    mutating func scalar() -> Unicode.Scalar {
        while true {
            let value: UInt32 = chance(0.5) ? UInt32.random(in: 0...0x7F, using: &random) : UInt32.random(in: 0...0x10FFFF, using: &random)
            if let scalar = Unicode.Scalar(value) { return scalar }
        }
    }

    mutating func int64() -> Int64 {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: [Int64.min, Int64.max, 0, -1, 1, Int64.min + 1].randomElement(using: &random)!
        case 1: Int64.random(in: -9...9, using: &random)
        case 2: Int64.random(in: 1_600_000_000_000...1_900_000_000_000, using: &random)
        default: Int64.random(in: .min ... .max, using: &random)
        }
    }

    mutating func int32() -> Int32 {
        chance(0.3) ? [Int32.min, Int32.max, 0, -1].randomElement(using: &random)! : Int32.random(in: .min ... .max, using: &random)
    }

    mutating func timestamp() -> Timestamp { Timestamp(milliseconds: int64()) }

    mutating func bool() -> Bool { chance(0.5) }

    mutating func strings() -> [String] {
        (0..<Int.random(in: 0...4, using: &random)).map { _ in string() }
    }

    /// A documented value, or one a newer App Store might send.
    mutating func enumeration<Value: OpenEnumeration>(_: Value.Type) -> Value where Value.RawValue == String {
        chance(0.7) ? Value.knownValues.randomElement(using: &random)! : Value(rawValue: string())
    }

    /// A documented value, or one a newer App Store might send.
    mutating func enumeration<Value: OpenEnumeration>(_: Value.Type) -> Value where Value.RawValue == Int32 {
        chance(0.7) ? Value.knownValues.randomElement(using: &random)! : Value(rawValue: int32())
    }

    mutating func list<Element>(_ make: (inout PayloadGenerator) -> Element) -> [Element] {
        (0..<Int.random(in: 0...3, using: &random)).map { _ in make(&self) }
    }
}
