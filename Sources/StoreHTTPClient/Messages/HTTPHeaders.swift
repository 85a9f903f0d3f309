/// HTTP header fields in the order they were sent or added; names compare case-insensitively (ASCII).
///
/// Repeated names are kept as separate fields. The subscript reads the first value and replaces every field
/// of that name; ``add(name:value:)`` appends.
public struct HTTPHeaders: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// One header field as it appears on the wire.
    public struct Field: Sendable, Equatable {
        /// The field name, as written by whoever created it.
        public var name: String
        /// The field value.
        public var value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in order.
    public private(set) var fields: [Field]

    /// Creates headers from fields, keeping their order.
    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    /// Creates headers from a literal; each pair becomes one field, in order.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value of the field named `name` (any case); setting replaces every field of that name,
    /// and setting `nil` removes them.
    public subscript(name: String) -> String? {
        get { fields.first { Self.namesMatch($0.name, name) }?.value }
        set {
            guard let newValue else {
                remove(name: name)
                return
            }
            if let index = fields.firstIndex(where: { Self.namesMatch($0.name, name) }) {
                fields[index].value = newValue
                removeDuplicates(of: name, after: index)
            } else {
                fields.append(Field(name: name, value: newValue))
            }
        }
    }

    /// Every value of the field named `name` (any case), in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.namesMatch($0.name, name) }.map(\.value)
    }

    /// Whether a field named `name` (any case) is present.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.namesMatch($0.name, name) }
    }

    /// Appends a field, keeping any existing fields of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Removes every field named `name` (any case).
    public mutating func remove(name: String) {
        fields.removeAll { Self.namesMatch($0.name, name) }
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    private mutating func removeDuplicates(of name: String, after index: Int) {
        var position = fields.index(after: index)
        while position < fields.endIndex {
            if Self.namesMatch(fields[position].name, name) {
                fields.remove(at: position)
            } else {
                position = fields.index(after: position)
            }
        }
    }

    /// ASCII case-insensitive comparison of two field names, without allocating.
    static func namesMatch(_ left: String, _ right: String) -> Bool {
        var leftBytes = left.utf8.makeIterator()
        var rightBytes = right.utf8.makeIterator()
        while true {
            switch (leftBytes.next(), rightBytes.next()) {
            case (nil, nil):
                return true
            case (let leftByte?, let rightByte?):
                if leftByte != rightByte && asciiLowercase(leftByte) != asciiLowercase(rightByte) { return false }
            default:
                return false
            }
        }
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}

extension HTTPHeaders: Sequence {
    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }
}
