import StoreModel

/// Writes one JSON object field by field into a byte buffer: the fast path for the payloads the engine signs
/// by the hundred thousand (Foundation's `JSONEncoder` costs tens of microseconds per payload).
///
/// Keys are static ASCII names written as they are; string values are escaped as RFC 8259 requires, `/` is not
/// escaped (as ``AppleJSON`` writes it). Absent optionals are left out, as Apple's payloads leave them out.
struct JSONPayloadWriter {
    private(set) var bytes: [UInt8]
    private var needsComma = false

    /// Starts an object.
    init(capacity: Int = 768) {
        bytes = []
        bytes.reserveCapacity(capacity)
        bytes.append(UInt8(ascii: "{"))
    }

    /// Starts an object in `buffer`, which is taken (left empty) and emptied keeping its capacity: a buffer kept
    /// across payloads, given back with ``finish()``.
    init(reusing buffer: inout [UInt8]) {
        bytes = []
        swap(&bytes, &buffer)
        bytes.removeAll(keepingCapacity: true)
        bytes.append(UInt8(ascii: "{"))
    }

    /// Ends the object and hands over its bytes, leaving the writer empty. The buffer is closed in place and then
    /// moved out, so it is never copied (closing a copy of the writer copied the whole buffer).
    mutating func finish() -> [UInt8] {
        bytes.append(UInt8(ascii: "}"))
        var finished: [UInt8] = []
        swap(&finished, &bytes)
        return finished
    }

    /// Writes `,"key":` (without the comma for an object's first field) with one append: a payload has dozens of
    /// keys, and appending their bytes one at a time checked the buffer's uniqueness and capacity for each.
    private mutating func key(_ key: StaticString) {
        let comma = needsComma
        needsComma = true
        key.withUTF8Buffer { name in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: name.count + 4) { buffer in
                var count = 0
                if comma {
                    buffer[0] = UInt8(ascii: ",")
                    count = 1
                }
                buffer[count] = UInt8(ascii: "\"")
                count += 1
                if let source = name.baseAddress, let target = buffer.baseAddress {
                    (target + count).update(from: source, count: name.count)
                }
                count += name.count
                buffer[count] = UInt8(ascii: "\"")
                buffer[count + 1] = UInt8(ascii: ":")
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<(count + 2)]))
            }
        }
    }

    mutating func field(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        appendString(value)
    }

    /// A string field, and where its characters are in the bytes: `nil` when they needed escaping, so that the
    /// bytes there are not the string's.
    mutating func locatedField(_ name: StaticString, _ value: String) -> Range<Int>? {
        key(name)
        let start = bytes.count + 1
        appendString(value)
        let end = bytes.count - 1
        return end - start == value.utf8.count ? start..<end : nil
    }

    mutating func field(_ name: StaticString, _ value: Int64?) {
        guard let value else { return }
        key(name)
        appendInteger(value)
    }

    mutating func field(_ name: StaticString, _ value: Int32?) {
        field(name, value.map(Int64.init))
    }

    mutating func field(_ name: StaticString, _ value: Timestamp?) {
        field(name, value?.milliseconds)
    }

    mutating func field(_ name: StaticString, _ value: Bool?) {
        guard let value else { return }
        key(name)
        appendASCII(value ? "true" : "false")
    }

    mutating func field<Value: OpenEnumeration>(_ name: StaticString, _ value: Value?) where Value.RawValue == String {
        field(name, value?.rawValue)
    }

    mutating func field<Value: OpenEnumeration>(_ name: StaticString, _ value: Value?) where Value.RawValue == Int32 {
        field(name, value?.rawValue)
    }

    mutating func field(_ name: StaticString, _ values: [String]?) {
        guard let values else { return }
        key(name)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendString(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Starts an object as the value of `name`; ``endObject()`` ends it.
    mutating func beginObject(_ name: StaticString) {
        key(name)
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Ends the object ``beginObject(_:)`` started.
    mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// A string field whose characters `write` appends to the bytes as they are: for text that never needs
    /// escaping, such as a compact JWS (base64url and dots), written in place rather than copied from a string.
    /// - Returns: Where the string's characters are in the bytes.
    mutating func unescapedField<Failure: Error>(
        _ name: StaticString, _ write: (inout [UInt8]) throws(Failure) -> Void
    ) throws(Failure) -> Range<Int> {
        key(name)
        bytes.append(UInt8(ascii: "\""))
        let start = bytes.count
        try write(&bytes)
        let end = bytes.count
        bytes.append(UInt8(ascii: "\""))
        return start..<end
    }

    /// A field whose value is already JSON (a nested object).
    mutating func rawField(_ name: StaticString, _ json: some Sequence<UInt8>) {
        key(name)
        bytes.append(contentsOf: json)
    }

    /// A nested value no fast path exists for, encoded with ``AppleJSON`` (fields the engine never sets).
    mutating func encodedField(_ name: StaticString, _ value: (some Encodable)?) {
        guard let value, let json = try? AppleJSON.encode(value) else { return }
        rawField(name, json)
    }

    private mutating func appendASCII(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Writes the decimal digits (and sign) with one append, filling a buffer from its end.
    private mutating func appendInteger(_ value: Int64) {
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                start -= 1
                digits[start] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    private mutating func appendString(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        // Read in place: `withUTF8` mutates its string, so calling it on a copy made the copy's retain and
        // release on top of the read.
        if value.utf8.withContiguousStorageIfAvailable({ appendEscaping($0) }) == nil {
            Array(value.utf8).withUnsafeBufferPointer { appendEscaping($0) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends a string's UTF-8 bytes, escaped as RFC 8259 requires.
    private mutating func appendEscaping(_ utf8: UnsafeBufferPointer<UInt8>) {
        // Most values (identifiers, dates, nested JWS) need no escaping: copy them whole.
        if !Self.needsEscaping(utf8) {
            bytes.append(contentsOf: utf8)
            return
        }
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case 0x0A: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "t"))
            case 0..<0x20:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), 48, 48])
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
    }

    /// Whether any byte is a control character, `"` or `\`; eight bytes at a time (nested JWS values run to
    /// kilobytes, and a byte-by-byte scan was a visible share of a renewal's time).
    static func needsEscaping(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = utf8.baseAddress.map(UnsafeRawPointer.init) else { return false }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        while index + 8 <= utf8.count {
            let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            // A byte below 0x20 (bytes of 0x80 and above keep their high bit in `~word` cleared), or equal to
            // 0x22 or 0x5C (a zero byte after the XOR): the classic "has less" and "has zero" bit tricks.
            let control = (word &- ones &* 0x20) & ~word & high
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            if (control | ((quote &- ones) & ~quote & high) | ((backslash &- ones) & ~backslash & high)) != 0 {
                return true
            }
            index += 8
        }
        while index < utf8.count {
            let byte = utf8[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
            index += 1
        }
        return false
    }
}
