/// A small binary format for values stored by the million (lifecycle state): varint integers, length-prefixed
/// UTF-8 strings, one byte per flag. Much cheaper than JSON to write and read.
struct CompactWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func unsigned(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// Zigzag-encoded signed integer.
    mutating func integer(_ value: Int64) {
        unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            unsigned(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func optional<Value>(_ value: Value?, _ write: (inout CompactWriter, Value) -> Void) {
        guard let value else {
            bytes.append(0)
            return
        }
        bytes.append(1)
        write(&self, value)
    }

    mutating func timestamp(_ value: Timestamp) { integer(value.milliseconds) }

    /// A string usually holding a decimal number (a transaction identifier): the number itself when the string is
    /// its canonical spelling (digits, no leading zero, below 2⁶³), tagged in the lowest bit, else the string.
    mutating func decimalString(_ value: String) {
        if let number = Self.canonicalDecimal(value) {
            unsigned(number << 1 | 1)
            return
        }
        var value = value
        value.withUTF8 { utf8 in
            unsigned(UInt64(utf8.count) << 1)
            bytes.append(contentsOf: utf8)
        }
    }

    /// The number `value` spells canonically, if it does and is below 2⁶³: digits without a leading zero (but
    /// `"0"` itself), which then fit an `Int64` exactly when below 2⁶³.
    static func canonicalDecimal(_ value: String) -> UInt64? {
        DecimalDigits.canonicalValue(of: value).map { UInt64($0) }
    }
}

/// Reads what ``CompactWriter`` wrote; any truncation or malformed value throws.
struct CompactReader {
    private let bytes: [UInt8]
    private var index: Int

    init(_ bytes: [UInt8], from index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    struct Malformed: Error {}

    mutating func byte() throws(Malformed) -> UInt8 {
        guard index < bytes.count else { throw Malformed() }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func bool() throws(Malformed) -> Bool { try byte() != 0 }

    mutating func unsigned() throws(Malformed) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64 else { throw Malformed() }
            result |= UInt64(next & 0x7F) << shift
            if next < 0x80 { return result }
            shift += 7
        }
    }

    mutating func integer() throws(Malformed) -> Int64 {
        let raw = try unsigned()
        return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }

    mutating func int() throws(Malformed) -> Int {
        let value = try integer()
        guard let int = Int(exactly: value) else { throw Malformed() }
        return int
    }

    mutating func string() throws(Malformed) -> String {
        let count = try unsigned()
        guard count <= UInt64(bytes.count - index) else { throw Malformed() }
        let end = index + Int(count)
        defer { index = end }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }

    mutating func timestamp() throws(Malformed) -> Timestamp { Timestamp(milliseconds: try integer()) }

    /// What ``CompactWriter/decimalString(_:)`` wrote.
    mutating func decimalString() throws(Malformed) -> String {
        let tagged = try unsigned()
        if tagged & 1 == 1 { return DecimalDigits.string(Int64(tagged >> 1)) }
        let count = tagged >> 1
        guard count <= UInt64(bytes.count - index) else { throw Malformed() }
        let end = index + Int(count)
        defer { index = end }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }

    mutating func optional<Value>(_ read: (inout CompactReader) throws(Malformed) -> Value) throws(Malformed) -> Value? {
        try bool() ? try read(&self) : nil
    }

    /// Whether every byte was read.
    var isAtEnd: Bool { index == bytes.count }
}
