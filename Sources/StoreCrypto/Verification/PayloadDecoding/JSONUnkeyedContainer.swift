/// The unkeyed container over a JSON array.
struct JSONUnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONNode]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: [JSONNode], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The decoder for the current element, which decoding then consumes.
    private mutating func next(_ type: Any.Type) throws -> JSONNodeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: codingPath + [JSONIndexKey(intValue: currentIndex)],
                    debugDescription: "Unkeyed container is at end."))
        }
        return JSONNodeDecoder(value: elements[currentIndex], parentPath: codingPath, key: JSONIndexKey(intValue: currentIndex))
    }

    private mutating func consume<T>(_ type: T.Type, _ decode: (JSONNodeDecoder) throws -> T) throws -> T {
        let value = try decode(try next(type))
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard try next(Never.self).decodeNil() else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try consume(type) { try $0.decode(type) } }
    mutating func decode(_ type: String.Type) throws -> String { try consume(type) { try $0.decode(type) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try consume(type) { try $0.decode(type) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try consume(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try consume(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try consume(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try consume(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try consume(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try consume(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try consume(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try consume(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try consume(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try consume(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try consume(type) { try $0.decode(type) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try consume(type) { try $0.decode(type) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try consume(KeyedDecodingContainer<NestedKey>.self) { try $0.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try consume((any UnkeyedDecodingContainer).self) { try $0.unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        try consume((any Decoder).self) { $0 }
    }
}
