import Foundation

/// A price as a `.storekit` file writes it (`"0.99"`, `"29"`, `"0.5"`, sometimes `""`), kept as text together
/// with its parsed value.
///
/// Parsing is strict and never traps: optional surrounding whitespace, digits, and at most one `.` followed by
/// digits. Anything else (empty, `"1,99"`, `"-1"`, `"abc"`, absurdly long numbers) leaves ``value`` and
/// ``milliunits`` `nil`, and the loader records a warning for non-empty text.
public struct DisplayPrice: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The text exactly as in the file.
    public let text: String
    /// The price as a decimal number, or `nil` when the text is not one.
    public let value: Decimal?
    /// The price in thousandths of the currency unit, as Apple's signed transactions carry `price`
    /// (0.99 → 990), rounded half up at the fourth decimal place; `nil` when there is no value or it does not
    /// fit in `Int64`.
    public let milliunits: Int64?

    /// Parses a display price.
    public init(_ text: String) {
        self.text = text
        let parsed = Self.parse(text)
        self.value = parsed?.value
        self.milliunits = parsed?.milliunits
    }

    /// Parses a display price written as a literal: `let price: DisplayPrice = "0.99"`.
    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// Whether the text is a valid price.
    public var isValid: Bool { value != nil }

    /// The text as in the file.
    public var description: String { text }

    private static func parse(_ text: String) -> (value: Decimal, milliunits: Int64?)? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        func isDigits(_ part: Substring) -> Bool { part.utf8.allSatisfy { (48...57).contains($0) } }
        guard isDigits(whole), isDigits(fraction), !(whole.isEmpty && fraction.isEmpty),
            whole.count + fraction.count <= 36,
            let value = Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX")), !value.isNaN
        else { return nil }
        return (value, milliunits(whole: whole, fraction: fraction))
    }

    /// Digits × 1000 with checked arithmetic, rounding half up on the fourth fraction digit.
    private static func milliunits(whole: Substring, fraction: Substring) -> Int64? {
        var result: Int64 = 0
        func push(_ digit: UInt8) -> Bool {
            let (shifted, overflowA) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = shifted.addingReportingOverflow(Int64(digit - 48))
            result = sum
            return !(overflowA || overflowB)
        }
        let fractionDigits = Array(fraction.utf8)
        for digit in Array(whole.utf8) + (0..<3).map({ $0 < fractionDigits.count ? fractionDigits[$0] : 48 }) {
            guard push(digit) else { return nil }
        }
        if fractionDigits.count > 3, fractionDigits[3] >= 53 {
            let (rounded, overflow) = result.addingReportingOverflow(1)
            return overflow ? nil : rounded
        }
        return result
    }
}

extension DisplayPrice {
    /// Reads a display price at `key`; warns when the text is not a price.
    static func read(_ key: String, in object: JSONObjectReader) throws(StoreKitConfigurationError) -> DisplayPrice? {
        guard let node = object.child(key) else { return nil }
        let price = DisplayPrice(try node.string(expected: "a price string such as \"0.99\""))
        if !price.isValid {
            object.context.warn(
                at: node.path,
                price.text.isEmpty
                    ? "the price is empty; it has no value"
                    : "\(quotedJSONString(price.text)) is not a price like \"0.99\"; it has no value")
        }
        return price
    }
}
