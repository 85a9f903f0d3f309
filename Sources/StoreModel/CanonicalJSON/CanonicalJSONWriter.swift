/// Writes JSON byte for byte as ``AppleJSON``'s encoder with sorted keys does (compact, keys in ascending order,
/// `/` unescaped, absent optionals left out), without `JSONEncoder`'s boxing: the fast path for payloads the
/// entitlement server stores by the thousand per second.
///
/// The caller writes each object's keys in ascending byte order, as ``CanonicalJSONEncodable`` conformances do;
/// the writer does not sort. Strings are escaped as Foundation's encoder escapes them: `"` and `\` with a
/// backslash; backspace, tab, line feed, form feed and carriage return as `\b`, `\t`, `\n`, `\f`, `\r`; the other
/// control characters as `\u00XX` (lowercase hex); everything else, `/` and non-ASCII included, as it is.
public struct CanonicalJSONWriter: Sendable {
    /// The JSON written so far.
    public private(set) var bytes: [UInt8]
    /// Whether the next member or element needs a comma before it.
    private var needsComma = false

    /// Creates an empty writer.
    /// - Parameter capacity: The number of bytes to reserve.
    public init(capacity: Int = 1024) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Writes a whole object: `{`, what `members` writes, `}`.
    public mutating func object(_ members: (inout CanonicalJSONWriter) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        members(&self)
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Writes a member's key and the `:` after it; its value must follow.
    public mutating func key(_ name: StaticString) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    // MARK: Members (absent optionals write nothing)

    /// A string member.
    public mutating func field(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    /// An integer member.
    public mutating func field(_ name: StaticString, _ value: Int64?) {
        guard let value else { return }
        key(name)
        integer(value)
    }

    /// An integer member.
    public mutating func field(_ name: StaticString, _ value: Int32?) {
        guard let value else { return }
        key(name)
        integer(Int64(value))
    }

    /// A timestamp member: its milliseconds, as ``Timestamp`` encodes itself.
    public mutating func field(_ name: StaticString, _ value: Timestamp?) {
        guard let value else { return }
        key(name)
        integer(value.milliseconds)
    }

    /// A Boolean member.
    public mutating func field(_ name: StaticString, _ value: Bool?) {
        guard let value else { return }
        key(name)
        boolean(value)
    }

    /// An open enumeration member with a string raw value.
    public mutating func field<Value: OpenEnumeration>(_ name: StaticString, _ value: Value?) where Value.RawValue == String {
        field(name, value?.rawValue)
    }

    /// An open enumeration member with an integer raw value.
    public mutating func field<Value: OpenEnumeration>(_ name: StaticString, _ value: Value?) where Value.RawValue == Int32 {
        field(name, value?.rawValue)
    }

    /// An array-of-strings member.
    public mutating func field(_ name: StaticString, _ values: [String]?) {
        guard let values else { return }
        key(name)
        array(values) { $0.string($1) }
    }

    /// A nested object member.
    public mutating func field(_ name: StaticString, _ value: (some CanonicalJSONEncodable)?) {
        guard let value else { return }
        key(name)
        value.writeCanonicalJSON(to: &self)
    }

    /// An array-of-objects member.
    public mutating func field<Element: CanonicalJSONEncodable>(_ name: StaticString, _ values: [Element]?) {
        guard let values else { return }
        key(name)
        array(values) { writer, element in element.writeCanonicalJSON(to: &writer) }
    }

    // MARK: Values

    /// Writes an array: `[`, each element written by `element`, separated by commas, `]`.
    public mutating func array<Element>(_ elements: [Element], _ element: (inout CanonicalJSONWriter, Element) -> Void) {
        bytes.append(UInt8(ascii: "["))
        needsComma = false
        for value in elements {
            if needsComma { bytes.append(UInt8(ascii: ",")) }
            element(&self, value)
            needsComma = true
        }
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes `true` or `false`.
    public mutating func boolean(_ value: Bool) {
        let text: StaticString = value ? "true" : "false"
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        needsComma = true
    }

    /// Writes an integer in decimal.
    public mutating func integer(_ value: Int64) {
        needsComma = true
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        if magnitude < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        // At most 20 digits; written backwards into a fixed buffer, then copied in order.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            while magnitude > 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// Writes a string, quoted and escaped.
    public mutating func string(_ value: String) {
        needsComma = true
        bytes.append(UInt8(ascii: "\""))
        let copied: Void? = value.utf8.withContiguousStorageIfAvailable { appendEscaped($0) }
        if copied == nil { appendEscaped(Array(value.utf8)) }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscaped(_ utf8: some Collection<UInt8>) {
        // Identifiers, dates and tokens need no escaping: copy them whole.
        guard utf8.contains(where: Self.needsEscape) else {
            bytes.append(contentsOf: utf8)
            return
        }
        for byte in utf8 {
            guard Self.needsEscape(byte) else {
                bytes.append(byte)
                continue
            }
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            default:
                bytes.append(UInt8(ascii: "u"))
                bytes.append(UInt8(ascii: "0"))
                bytes.append(UInt8(ascii: "0"))
                bytes.append(Self.hexDigit(byte >> 4))
                bytes.append(Self.hexDigit(byte & 0xF))
            }
        }
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
