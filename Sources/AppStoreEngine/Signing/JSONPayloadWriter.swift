import StoreModel

/// Writes one JSON object field by field into a byte buffer: the fast path for the payloads the engine signs
/// by the hundred thousand (Foundation's `JSONEncoder` costs tens of microseconds per payload).
///
/// Keys are static ASCII names written as they are; string values are escaped as RFC 8259 requires, `/` is not
/// escaped (as ``AppleJSON`` writes it). Absent optionals are left out, as Apple's payloads leave them out.
///
/// Started with ``init(reusing:storedFormIn:)``, the writer also writes the payload's stored form alongside: the
/// same bytes with each ``StoredMember`` name (quotes and colon included) as its code, which is what
/// ``StoredMemberNames/compacting(_:)`` makes of the JSON, without searching it afterwards.
struct JSONPayloadWriter {
    private(set) var bytes: [UInt8]
    /// The stored form, when ``writesStoredForm``.
    private var stored: [UInt8] = []
    private var writesStoredForm: Bool
    private var needsComma = false

    /// Starts an object, and its stored form alongside when `writesStoredForm` (see ``finishWithStoredForm()``).
    init(capacity: Int = 768, writesStoredForm: Bool = false) {
        bytes = []
        bytes.reserveCapacity(capacity)
        bytes.append(UInt8(ascii: "{"))
        self.writesStoredForm = writesStoredForm
        if writesStoredForm {
            stored.reserveCapacity(capacity / 2)
            stored.append(UInt8(ascii: "{"))
        }
    }

    /// Starts an object in `buffer`, which is taken (left empty) and emptied keeping its capacity: a buffer kept
    /// across payloads, given back with ``finish()``.
    init(reusing buffer: inout [UInt8]) {
        bytes = []
        swap(&bytes, &buffer)
        bytes.removeAll(keepingCapacity: true)
        bytes.append(UInt8(ascii: "{"))
        writesStoredForm = false
    }

    /// Starts an object in `buffer` and its stored form in `storedBuffer`, both taken and emptied as
    /// ``init(reusing:)`` takes its buffer, and given back with ``finishWithStoredForm()``.
    init(reusing buffer: inout [UInt8], storedFormIn storedBuffer: inout [UInt8]) {
        self.init(reusing: &buffer)
        swap(&stored, &storedBuffer)
        stored.removeAll(keepingCapacity: true)
        stored.append(UInt8(ascii: "{"))
        writesStoredForm = true
    }

    /// Ends the object and hands over its bytes, leaving the writer empty. The buffer is closed in place and then
    /// moved out, so it is never copied (closing a copy of the writer copied the whole buffer).
    mutating func finish() -> [UInt8] {
        bytes.append(UInt8(ascii: "}"))
        var finished: [UInt8] = []
        swap(&finished, &bytes)
        return finished
    }

    /// Ends the object and hands over its bytes and its stored form (empty unless the writer was started to
    /// write it).
    mutating func finishWithStoredForm() -> (json: [UInt8], stored: [UInt8]) {
        if writesStoredForm { stored.append(UInt8(ascii: "}")) }
        var finished: [UInt8] = []
        swap(&finished, &stored)
        return (finish(), finished)
    }

    /// Writes `,"key":` (without the comma for an object's first field) with one append, and to the stored form the
    /// comma and the name's code, or the same bytes for a name without one: a member with no value yet.
    private mutating func key(_ name: some PayloadMemberName) {
        member(name, value: UnsafeBufferPointer(start: nil, count: 0), quoted: false)
    }

    // The fields, by the value's type: each for a ``StoredMember`` name, coded in the stored form, and for any
    // other name, spelled out in both.

    mutating func field(_ name: StoredMember, _ value: String?) { put(name, value) }
    mutating func field(_ name: StaticString, _ value: String?) { put(name, value) }
    mutating func field(_ name: StoredMember, _ value: Int64?) { put(name, value) }
    mutating func field(_ name: StaticString, _ value: Int64?) { put(name, value) }
    mutating func field(_ name: StoredMember, _ value: Int32?) { put(name, value.map(Int64.init)) }
    mutating func field(_ name: StaticString, _ value: Int32?) { put(name, value.map(Int64.init)) }
    mutating func field(_ name: StoredMember, _ value: Timestamp?) { put(name, value?.milliseconds) }
    mutating func field(_ name: StaticString, _ value: Timestamp?) { put(name, value?.milliseconds) }
    mutating func field(_ name: StoredMember, _ value: Bool?) { put(name, value) }
    mutating func field(_ name: StaticString, _ value: Bool?) { put(name, value) }
    mutating func field(_ name: StoredMember, _ values: [String]?) { put(name, values) }
    mutating func field(_ name: StaticString, _ values: [String]?) { put(name, values) }

    mutating func field<Value: OpenEnumeration>(_ name: StoredMember, _ value: Value?) where Value.RawValue == String {
        put(name, value?.rawValue)
    }

    mutating func field<Value: OpenEnumeration>(_ name: StaticString, _ value: Value?) where Value.RawValue == String {
        put(name, value?.rawValue)
    }

    mutating func field<Value: OpenEnumeration>(_ name: StoredMember, _ value: Value?) where Value.RawValue == Int32 {
        put(name, value.map { Int64($0.rawValue) })
    }

    mutating func field<Value: OpenEnumeration>(_ name: StaticString, _ value: Value?) where Value.RawValue == Int32 {
        put(name, value.map { Int64($0.rawValue) })
    }

    /// Copies what was written to ``bytes`` since `start` to the stored form.
    private mutating func mirror(from start: Int) {
        guard writesStoredForm else { return }
        bytes.withUnsafeBufferPointer { stored.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start...])) }
    }

    private mutating func put(_ name: some PayloadMemberName, _ value: String?) {
        guard let value else { return }
        // Borrowed in place, without the retain and release a closure over the string's storage made.
        let utf8 = value.utf8Span.span
        let writtenWhole = utf8.withUnsafeBufferPointer { utf8 in
            if Self.needsEscaping(utf8) { return false }
            member(name, value: utf8, quoted: true)
            return true
        }
        if writtenWhole { return }
        key(name)
        let start = bytes.count
        appendString(value)
        mirror(from: start)
    }

    /// Writes a member whose value needs no escaping, `,"name":` and the value (between quotes when `quoted`), with
    /// one append; the stored form gets the comma, the name's code and the value with one more. Most members are
    /// short identifiers and dates, where appending the key, each quote and the value apart (and then the same to
    /// the stored form) cost more than the bytes.
    private mutating func member(_ name: some PayloadMemberName, value: UnsafeBufferPointer<UInt8>, quoted: Bool) {
        let comma = needsComma
        needsComma = true
        let code = name.storedCode
        name.spelling.withUTF8Buffer { spelling in
            let quotes = quoted ? 2 : 0
            let keyLength = (comma ? 1 : 0) + spelling.count + 3
            let length = keyLength + value.count + quotes
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { buffer in
                guard let base = buffer.baseAddress else { return }
                var count = 0
                if comma {
                    base[0] = UInt8(ascii: ",")
                    count = 1
                }
                base[count] = UInt8(ascii: "\"")
                if let source = spelling.baseAddress { (base + count + 1).update(from: source, count: spelling.count) }
                count += 1 + spelling.count
                base[count] = UInt8(ascii: "\"")
                base[count + 1] = UInt8(ascii: ":")
                count += 2
                if quoted {
                    base[count] = UInt8(ascii: "\"")
                    count += 1
                }
                if let source = value.baseAddress { (base + count).update(from: source, count: value.count) }
                count += value.count
                if quoted { base[count] = UInt8(ascii: "\"") }
                bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: length))
                guard writesStoredForm else { return }
                guard let code else {
                    stored.append(contentsOf: UnsafeBufferPointer(start: base, count: length))
                    return
                }
                // The stored form is the same bytes from the value on, after the comma and the code: written over
                // the end of the key, so that it too is one append.
                var start = keyLength
                if code.1 != 0 {
                    start -= 1
                    base[start] = code.1
                }
                start -= 1
                base[start] = code.0
                if comma {
                    start -= 1
                    base[start] = UInt8(ascii: ",")
                }
                stored.append(contentsOf: UnsafeBufferPointer(start: base + start, count: length - start))
            }
        }
    }

    /// A string field whose characters the stored form replaces by `standIn` (a marker the reader puts the value
    /// back for), unless they needed escaping.
    mutating func field(_ name: StoredMember, _ value: String, storedAs standIn: UInt8) {
        key(name)
        let start = bytes.count
        appendString(value)
        guard writesStoredForm else { return }
        if bytes.count - start - 2 == value.utf8.count {
            stored.append(UInt8(ascii: "\""))
            stored.append(standIn)
            stored.append(UInt8(ascii: "\""))
        } else {
            mirror(from: start)
        }
    }

    private mutating func put(_ name: some PayloadMemberName, _ value: Int64?) {
        guard let value else { return }
        Self.withDecimalDigits(of: value) { member(name, value: $0, quoted: false) }
    }

    private mutating func put(_ name: some PayloadMemberName, _ value: Bool?) {
        guard let value else { return }
        let text: StaticString = value ? "true" : "false"
        text.withUTF8Buffer { member(name, value: $0, quoted: false) }
    }

    private mutating func put(_ name: some PayloadMemberName, _ values: [String]?) {
        guard let values else { return }
        key(name)
        let start = bytes.count
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendString(value)
        }
        bytes.append(UInt8(ascii: "]"))
        mirror(from: start)
    }

    /// Starts an object as the value of `name`; ``endObject()`` ends it.
    mutating func beginObject(_ name: StoredMember) {
        key(name)
        bytes.append(UInt8(ascii: "{"))
        if writesStoredForm { stored.append(UInt8(ascii: "{")) }
        needsComma = false
    }

    /// Ends the object ``beginObject(_:)`` started.
    mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        if writesStoredForm { stored.append(UInt8(ascii: "}")) }
        needsComma = true
    }

    /// A string field whose characters `write` appends to the bytes as they are: for text that never needs
    /// escaping, such as a compact JWS (base64url and dots), written in place rather than copied from a string.
    /// The stored form gets what `storedForm` appends to it from the characters written, between the quotes.
    /// - Returns: Where the string's characters are in the bytes.
    @discardableResult
    mutating func unescapedField<Failure: Error>(
        _ name: StoredMember, _ write: (inout [UInt8]) throws(Failure) -> Void,
        storedForm: (_ written: ArraySlice<UInt8>, _ stored: inout [UInt8]) -> Void = { $1.append(contentsOf: $0) }
    ) throws(Failure) -> Range<Int> {
        key(name)
        bytes.append(UInt8(ascii: "\""))
        let start = bytes.count
        try write(&bytes)
        let end = bytes.count
        bytes.append(UInt8(ascii: "\""))
        if writesStoredForm {
            stored.append(UInt8(ascii: "\""))
            storedForm(bytes[start..<end], &stored)
            stored.append(UInt8(ascii: "\""))
        }
        return start..<end
    }

    /// A field whose value is already JSON (a nested object); the stored form gets it coded by
    /// ``StoredMemberNames/compacting(_:)``.
    mutating func rawField(_ name: StoredMember, _ json: [UInt8]) {
        key(name)
        bytes.append(contentsOf: json)
        if writesStoredForm { stored.append(contentsOf: StoredMemberNames.compacting(json)) }
    }

    /// A nested value no fast path exists for, encoded with ``AppleJSON`` (fields the engine never sets).
    mutating func encodedField(_ name: StoredMember, _ value: (some Encodable)?) {
        guard let value, let json = try? AppleJSON.encode(value) else { return }
        rawField(name, [UInt8](json))
    }

    /// Calls `body` with the decimal digits (and sign) of `value`, written into a buffer from its end.
    private static func withDecimalDigits(of value: Int64, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
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
            body(UnsafeBufferPointer(rebasing: digits[start...]))
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

/// A member name ``JSONPayloadWriter`` writes: spelled out in the JSON, and in the stored form as its code when it
/// has one.
protocol PayloadMemberName {
    /// The name, as JSON spells it.
    var spelling: StaticString { get }
    /// The name's code in the stored form (``StoredMemberNames``): its first byte and its second or 0; `nil` for a
    /// name the stored form spells out.
    var storedCode: (UInt8, UInt8)? { get }
}

extension StoredMember: PayloadMemberName {
    var spelling: StaticString { name }
    var storedCode: (UInt8, UInt8)? { code }
}

/// Any other name: spelled out in the stored form as well.
extension StaticString: PayloadMemberName {
    var spelling: StaticString { self }
    var storedCode: (UInt8, UInt8)? { nil }
}
