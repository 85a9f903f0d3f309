import Foundation

/// A parsed JSON value for comparing documents: object key order is ignored and numbers compare by value
/// (`1698148900000` equals `1698148900000.0`), while booleans stay distinct from numbers.
enum JSONTree: Equatable, CustomStringConvertible {
    case object([String: JSONTree])
    case array([JSONTree])
    case string(String)
    case number(Decimal)
    case bool(Bool)
    case null

    /// Parses JSON text with `JSONSerialization`.
    init(parsing data: Data) throws {
        self.init(any: try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    /// Converts a `JSONSerialization` value.
    init(any value: Any) {
        switch value {
        case let dictionary as [String: Any]:
            self = .object(dictionary.mapValues { JSONTree(any: $0) })
        case let array as [Any]:
            self = .array(array.map { JSONTree(any: $0) })
        case let string as String:
            self = .string(string)
        case let number as NSNumber:
            // JSONSerialization gives booleans the Objective-C type code of `char`.
            if String(cString: number.objCType) == "c" {
                self = .bool(number.boolValue)
            } else {
                self = .number(number.decimalValue)
            }
        default:
            self = .null
        }
    }

    /// The object's keys, or none for other values.
    var keys: Set<String> {
        if case .object(let members) = self { return Set(members.keys) }
        return []
    }

    /// This object with extra members added (replacing same-named ones).
    func adding(_ extra: [String: JSONTree]) -> JSONTree {
        guard case .object(let members) = self else { return self }
        return .object(members.merging(extra) { _, new in new })
    }

    var description: String {
        switch self {
        case .object(let members):
            let body = members.keys.sorted().map { "\"\($0)\":\(members[$0]!)" }.joined(separator: ",")
            return "{\(body)}"
        case .array(let elements): return "[\(elements.map(\.description).joined(separator: ","))]"
        case .string(let string): return "\"\(string)\""
        case .number(let number): return "\(number)"
        case .bool(let bool): return "\(bool)"
        case .null: return "null"
        }
    }
}
