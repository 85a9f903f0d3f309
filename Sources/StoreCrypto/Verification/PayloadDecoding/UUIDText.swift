import Foundation

/// Parses the canonical 36-character UUID text (`8-4-4-4-12` hexadecimal digits, either case), the only form
/// Foundation's `UUID(uuidString:)` accepts, without going through `sscanf`.
enum UUIDText {
    static func parse(_ text: String) -> UUID? {
        var bytes = [UInt8](repeating: 0, count: 16)
        var index = 0
        var high: UInt8?
        for (offset, character) in text.utf8.enumerated() {
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard character == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard index < 16, let nibble = hexValue(character) else { return nil }
            if let first = high {
                bytes[index] = first << 4 | nibble
                index += 1
                high = nil
            } else {
                high = nibble
            }
        }
        guard index == 16, high == nil, text.utf8.count == 36 else { return nil }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    private static func hexValue(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
