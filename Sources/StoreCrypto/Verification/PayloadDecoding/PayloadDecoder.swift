import Foundation

/// Decodes `Decodable` payloads from a ``JSONParser`` tree, with `JSONDecoder`'s default semantics but several
/// times faster on App Store payloads, because the verifier's hot path decodes every payload.
///
/// Matches `JSONDecoder()` with default strategies: numbers convert to any integer type when integral and in
/// range (`1.0` and `1e2` are accepted, `1.5` is not), floating-point values must be finite, `null` is a missing
/// value, a duplicate member name keeps its first value, `Data` is base64, `URL` is a string, `Decimal` is a
/// number, `UUID` is its 36-character string, `Date` uses its own `Decodable` implementation. Errors are
/// `DecodingError`s with coding paths. Types with a specialised decoder (``FastPathDecodable``) try it first.
enum PayloadDecoder {
    /// Parses `json` and decodes a `T`.
    /// - Throws: ``JSONParser/Failure`` when the bytes are not JSON, or a `DecodingError`.
    static func decode<T: Decodable>(_ type: T.Type, from json: Data) throws -> T {
        let value = try json.withUnsafeBytes { raw in
            try JSONParser.parse(raw.bindMemory(to: UInt8.self), maximumDepth: 64)
        }
        if let fastPath = type as? any FastPathDecodable.Type, case .object(let object) = value,
            let decoded = fastPath.decodeFast(object)
        {
            return decoded as! T
        }
        return try JSONNodeDecoder(value: value, parentPath: [], key: nil).decode(type)
    }
}

/// One position in the JSON tree: the `Decoder` handed to `init(from:)`, and its single-value container.
struct JSONNodeDecoder: Decoder, SingleValueDecodingContainer {
    let value: JSONNode
    /// The path of the container holding this value; with ``key``, the coding path, assembled only on demand so
    /// that decoding a member allocates no path array.
    let parentPath: [any CodingKey]
    let key: (any CodingKey)?

    var codingPath: [any CodingKey] {
        guard let key else { return parentPath }
        return parentPath + [key]
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else {
            throw mismatch([String: Any].self)
        }
        return KeyedDecodingContainer(JSONKeyedContainer<Key>(object: object.indexed(), codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw mismatch([Any].self)
        }
        return JSONUnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        self
    }

    // MARK: SingleValueDecodingContainer

    func decodeNil() -> Bool {
        value.isNull
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatchOrMissing(type) }
        return flag
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let string) = value else { throw mismatchOrMissing(type) }
        return string
    }

    func decode(_ type: Double.Type) throws -> Double { try floatingPoint(type) }
    func decode(_ type: Float.Type) throws -> Float { try floatingPoint(type) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        // The common leaves directly, without a trip through `init(from:)` and an existential container.
        if type == String.self { return try decode(String.self) as! T }
        if type == Int64.self { return try decode(Int64.self) as! T }
        if type == Int32.self { return try decode(Int32.self) as! T }
        if type == Int.self { return try decode(Int.self) as! T }
        if type == Bool.self { return try decode(Bool.self) as! T }
        if type == Double.self { return try decode(Double.self) as! T }
        if type == UUID.self {
            guard let uuid = UUIDText.parse(try decode(String.self)) else {
                throw corrupted("Attempted to decode UUID from invalid UUID string.")
            }
            return uuid as! T
        }
        // The Foundation types `JSONDecoder` decodes specially (their own `Decodable` expects other shapes).
        if type == URL.self {
            guard let url = URL(string: try decode(String.self)) else { throw corrupted("Invalid URL string.") }
            return url as! T
        }
        if type == Data.self {
            guard let data = Data(base64Encoded: try decode(String.self)) else {
                throw corrupted("Encountered Data is not valid Base64.")
            }
            return data as! T
        }
        if type == Decimal.self {
            guard case .number(let literal) = value, let decimal = Decimal(string: literal, locale: nil) else {
                throw mismatchOrMissing(type)
            }
            return decimal as! T
        }
        return try T(from: self)
    }

    // MARK: Conversions

    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard case .number(let literal) = value else { throw mismatchOrMissing(type) }
        if let exact = T(literal, radix: 10) { return exact }
        // Not a plain integer literal (fraction, exponent) or out of range: accept integral values in range.
        if let double = Double(literal), double.isFinite, let exact = T(exactly: double) { return exact }
        throw corrupted("Parsed JSON number <\(literal)> does not fit in \(type).")
    }

    private func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ type: T.Type) throws -> T {
        guard case .number(let literal) = value else { throw mismatchOrMissing(type) }
        guard let number = T(literal), number.isFinite else {
            throw corrupted("Parsed JSON number <\(literal)> does not fit in \(type).")
        }
        return number
    }

    // MARK: Errors

    func mismatch(_ type: Any.Type) -> DecodingError {
        .typeMismatch(
            type,
            DecodingError.Context(codingPath: codingPath, debugDescription: "Expected to decode \(type) but found \(value.kind) instead."))
    }

    func mismatchOrMissing(_ type: Any.Type) -> DecodingError {
        guard value.isNull else { return mismatch(type) }
        return .valueNotFound(
            type,
            DecodingError.Context(codingPath: codingPath, debugDescription: "Expected \(type) value but found null instead."))
    }

    private func corrupted(_ description: String) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: description))
    }
}
