/// A small, strict RFC 8259 parser for JWS headers and payloads.
///
/// It exists so that verifying a JWS does not go through `JSONSerialization` or `JSONDecoder` on the hot path,
/// and so that the rules are explicit: UTF-8 only, bounded nesting, nothing after the value but whitespace.
/// Objects keep their members in document order (``JSONNode``); converting to ``JSONValue`` rejects duplicate
/// names (a duplicate `alg` is a classic confusion attack), while ``PayloadDecoder`` keeps the first, as
/// `JSONDecoder` does.
struct JSONParser {
    /// Why the bytes are not acceptable JSON; `offset` is where the problem was found.
    struct Failure: Error, CustomStringConvertible {
        let message: String
        let offset: Int
        var description: String { "\(message) at byte \(offset)" }
    }

    /// The deepest nesting of arrays and objects accepted in a header.
    static let maximumHeaderDepth = 16

    private let bytes: UnsafeBufferPointer<UInt8>
    private let maximumDepth: Int
    private var position = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// Parses one complete JSON document nested at most `maximumDepth` levels.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = maximumHeaderDepth) throws(Failure)
        -> JSONNode
    {
        var parser = JSONParser(bytes, maximumDepth: maximumDepth)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.failure("unexpected data after the JSON value") }
        return value
    }

    private func failure(_ message: String) -> Failure {
        Failure(message: message, offset: position)
    }

    private var current: UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            position += 1
        }
    }

    private mutating func expect(_ literal: StaticString) throws(Failure) {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - position >= count else { throw failure("truncated literal") }
        for index in 0..<count where bytes[position + index] != literal.utf8Start[index] {
            throw failure("invalid literal")
        }
        position += count
    }

    private mutating func parseValue(depth: Int) throws(Failure) -> JSONNode {
        guard let byte = current else { throw failure("expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expect("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw failure("unexpected character")
        }
    }

    private mutating func parseObject(depth: Int) throws(Failure) -> JSONNode {
        guard depth <= maximumDepth else { throw failure("nesting is too deep") }
        position += 1
        var members: [JSONNode.Member] = []
        skipWhitespace()
        if current != UInt8(ascii: "}") {
            // App Store payloads have some 10 to 40 members; growing from one element would copy six times.
            members.reserveCapacity(16)
        }
        if current == UInt8(ascii: "}") {
            position += 1
            return .object(JSONObjectMembers(members))
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a member name") }
            let nameOffset = position
            let (name, probe) = try parseString { bytes -> (String, JSONNameProbe)? in
                let probe = JSONNameProbe(bytes)
                let name =
                    probe.isASCII ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
                return name.map { ($0, probe) }
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':'") }
            position += 1
            skipWhitespace()
            members.append(
                JSONNode.Member(name: name, probe: probe, nameOffset: nameOffset, value: try parseValue(depth: depth)))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return .object(JSONObjectMembers(members))
            default: throw failure("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(Failure) -> JSONNode {
        guard depth <= maximumDepth else { throw failure("nesting is too deep") }
        position += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return .array(elements)
            default: throw failure("expected ',' or ']'")
            }
        }
    }

    private mutating func parseNumber() throws(Failure) -> String {
        let start = position
        if current == UInt8(ascii: "-") { position += 1 }
        if current == UInt8(ascii: "0") {
            position += 1
        } else {
            guard try skipDigits() > 0 else { throw failure("expected a digit") }
        }
        if current == UInt8(ascii: ".") {
            position += 1
            guard try skipDigits() > 0 else { throw failure("expected a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard try skipDigits() > 0 else { throw failure("expected an exponent") }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    private mutating func skipDigits() throws(Failure) -> Int {
        let start = position
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { position += 1 }
        return position - start
    }

    private mutating func parseString() throws(Failure) -> String {
        try parseString { Self.string(validatingUTF8: $0) }
    }

    /// Parses a string literal and converts its unescaped UTF-8 bytes with `convert`, which returns `nil` when
    /// they are not valid UTF-8.
    private mutating func parseString<Converted>(_ convert: (UnsafeBufferPointer<UInt8>) -> Converted?)
        throws(Failure) -> Converted
    {
        position += 1
        let start = position
        // Fast path: no escapes (base64 certificates, identifiers).
        position = Self.endOfPlainText(in: bytes, from: position)
        guard let stop = current else { throw failure("unterminated string") }
        if stop == UInt8(ascii: "\"") {
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<position])
            position += 1
            guard let converted = convert(slice) else {
                throw Failure(message: "string is not UTF-8", offset: start - 1)
            }
            return converted
        }
        var decoded = Array(bytes[start..<position])
        while true {
            guard let byte = current else { throw failure("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let converted = decoded.withUnsafeBufferPointer(convert) else {
                    throw Failure(message: "string is not UTF-8", offset: start - 1)
                }
                return converted
            case UInt8(ascii: "\\"):
                position += 1
                try appendEscape(to: &decoded)
            case 0..<0x20:
                throw failure("control character in string")
            default:
                decoded.append(byte)
                position += 1
            }
        }
    }

    /// The offset of the first `"`, `\\` or control character at or after `start` (or the end), eight bytes at a
    /// time: a byte-wise "has zero byte" test on `word ^ repeated(quote)`, `word ^ repeated(backslash)` and
    /// `word - repeated(0x20)` flags any word holding one of them, which is then scanned byte by byte.
    static func endOfPlainText(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let count = bytes.count
        var offset = start
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while count - offset >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let hasQuote = (quote &- ones) & ~quote & highs
            let hasBackslash = (backslash &- ones) & ~backslash & highs
            let hasControl = (word &- ones &* 0x20) & ~word & highs
            if hasQuote | hasBackslash | hasControl != 0 { break }
            offset &+= 8
        }
        while offset < count {
            let byte = base[offset]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            offset &+= 1
        }
        return offset
    }

    /// A `String` from UTF-8 bytes, or `nil` when they are not valid UTF-8. ASCII (nearly every JWS string) takes
    /// the specialised `String(decoding:)` path; the generic validating initializer is kept for the rest.
    static func string(validatingUTF8 buffer: UnsafeBufferPointer<UInt8>) -> String? {
        var combined: UInt8 = 0
        for byte in buffer { combined |= byte }
        if combined < 0x80 { return String(decoding: buffer, as: UTF8.self) }
        return String(validating: buffer, as: UTF8.self)
    }

    private mutating func appendEscape(to decoded: inout [UInt8]) throws(Failure) {
        guard let byte = current else { throw failure("unterminated escape") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = UInt32(try parseHexQuad())
            if (0xD800..<0xDC00).contains(scalar) {
                guard current == UInt8(ascii: "\\") else { throw failure("unpaired surrogate") }
                position += 1
                guard current == UInt8(ascii: "u") else { throw failure("unpaired surrogate") }
                position += 1
                let low = UInt32(try parseHexQuad())
                guard (0xDC00..<0xE000).contains(low) else { throw failure("unpaired surrogate") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw failure("unpaired surrogate") }
            decoded.append(contentsOf: String(Character(unicode)).utf8)
        default:
            throw failure("invalid escape")
        }
    }

    private mutating func parseHexQuad() throws(Failure) -> UInt16 {
        guard bytes.count - position >= 4 else { throw failure("truncated \\u escape") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("invalid \\u escape")
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }
}
