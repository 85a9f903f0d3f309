/// The parse tree of ``JSONParser``: like ``JSONValue``, but objects keep their members in document order,
/// duplicates included. Building an array is cheaper than building a dictionary, and each consumer applies its own
/// rule for duplicate names. Scalars are stored inline (only arrays and objects allocate).
enum JSONNode: Sendable {
    /// An object member, the probe its name is looked up by, and where its name starts (for error messages).
    struct Member: Sendable {
        let name: String
        let probe: JSONNameProbe
        let nameOffset: Int
        let value: JSONNode
    }

    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONNode])
    case object(JSONObjectMembers)

    /// Whether the node is `null`.
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The JSON kind, for error messages.
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "a dictionary"
        }
    }
}

extension JSONValue {
    /// Converts a parse tree, rejecting objects with duplicate member names.
    init(_ node: JSONNode) throws(JSONParser.Failure) {
        switch node {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let literal): self = .number(literal)
        case .string(let string): self = .string(string)
        case .array(let elements):
            var values: [JSONValue] = []
            values.reserveCapacity(elements.count)
            for element in elements { values.append(try JSONValue(element)) }
            self = .array(values)
        case .object(let object):
            var values: [String: JSONValue] = [:]
            values.reserveCapacity(object.members.count)
            for member in object.members {
                guard values.updateValue(try JSONValue(member.value), forKey: member.name) == nil else {
                    throw JSONParser.Failure(message: "duplicate member \"\(member.name)\"", offset: member.nameOffset)
                }
            }
            self = .object(values)
        }
    }
}
