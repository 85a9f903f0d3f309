/// Serialises ``JSONValue`` and strings to compact JSON (no insignificant whitespace, object members sorted by
/// name), escaping only what RFC 8259 requires.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    mutating func append(_ value: JSONValue) {
        switch value {
        case .null: appendRaw("null")
        case .bool(let flag): appendRaw(flag ? "true" : "false")
        case .number(let literal): appendRaw(literal)
        case .string(let string): appendString(string)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                append(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, name) in members.keys.sorted().enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                appendMember(name, members[name]!)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Appends `"name":value` (no separator).
    mutating func appendMember(_ name: String, _ value: JSONValue) {
        appendString(name)
        bytes.append(UInt8(ascii: ":"))
        append(value)
    }

    mutating func appendRaw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func appendByte(_ byte: UInt8) {
        bytes.append(byte)
    }

    mutating func appendString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): appendRaw("\\\"")
            case UInt8(ascii: "\\"): appendRaw("\\\\")
            case 0x0A: appendRaw("\\n")
            case 0x0D: appendRaw("\\r")
            case 0x09: appendRaw("\\t")
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                appendRaw("\\u00")
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
