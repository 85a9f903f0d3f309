/// Percent-decoding of request-target components (RFC 3986 §2.1), producing UTF-8 text.
enum PercentDecoding {
    /// Decodes `%XX` escapes, and `+` as a space when `plusIsSpace` (HTML form encoding, used in queries).
    ///
    /// - Returns: The decoded text, or `nil` for a truncated or non-hex escape or bytes that are not UTF-8.
    static func decode(_ component: Substring, plusIsSpace: Bool) -> String? {
        let utf8 = component.utf8
        let needsDecoding = utf8.contains { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }
        guard needsDecoding else { return String(component) }

        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            switch byte {
            case UInt8(ascii: "%"):
                let high = utf8.index(after: index)
                guard high != utf8.endIndex else { return nil }
                let low = utf8.index(after: high)
                guard low != utf8.endIndex, let highValue = hexValue(utf8[high]), let lowValue = hexValue(utf8[low]) else {
                    return nil
                }
                bytes.append(highValue << 4 | lowValue)
                index = utf8.index(after: low)
            case UInt8(ascii: "+") where plusIsSpace:
                bytes.append(UInt8(ascii: " "))
                index = utf8.index(after: index)
            default:
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
