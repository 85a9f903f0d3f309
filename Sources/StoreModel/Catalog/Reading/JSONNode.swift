import Foundation

/// The JSON types, as named in messages.
enum JSONKind {
    case object, array, string, number, boolean, null
}

/// One value from `JSONSerialization`, with the path where it was found, read with checked conversions.
///
/// Every accessor either returns the value in the asked-for Swift type or throws an error that names the file,
/// the path, what was expected and what was found. Numbers are converted without traps: a value that is not an
/// integer in `Int`'s range is a type error, not an overflow.
struct JSONNode {
    /// What `JSONSerialization` produced.
    let value: Any
    /// Where the value sits.
    let path: JSONPath
    /// The file being read.
    let context: CatalogReadContext

    var kind: JSONKind {
        switch value {
        case is NSNull: return .null
        case is String: return .string
        case is [String: Any]: return .object
        case is [Any]: return .array
        case let number as NSNumber: return Self.isBoolean(number) ? .boolean : .number
        default: return .null
        }
    }

    /// `JSONSerialization` returns `true`/`false` as `NSNumber`s whose Objective-C type is `c` (char); it never
    /// produces other `c` numbers.
    private static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }

    /// The value in a few words for messages: `the string "Foo"`, `the number 0.99`, `true`, `an array`.
    var summary: String {
        switch kind {
        case .null: return "null"
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "the string " + quotedJSONString(value as? String ?? "")
        case .boolean: return (value as? NSNumber)?.boolValue == true ? "true" : "false"
        case .number: return "the number " + ((value as? NSNumber)?.description ?? "?")
        }
    }

    func wrongType(expected: String) -> StoreKitConfigurationError {
        context.error(at: path, .wrongType(expected: expected, found: summary))
    }

    func object() throws(StoreKitConfigurationError) -> JSONObjectReader {
        guard let dictionary = value as? [String: Any] else { throw wrongType(expected: "an object") }
        return JSONObjectReader(node: self, members: dictionary)
    }

    func array() throws(StoreKitConfigurationError) -> [JSONNode] {
        guard let elements = value as? [Any] else { throw wrongType(expected: "an array") }
        return elements.enumerated().map { index, element in
            JSONNode(value: element, path: path.appending(index: index), context: context)
        }
    }

    func string(expected: String = "a string") throws(StoreKitConfigurationError) -> String {
        guard let text = value as? String else { throw wrongType(expected: expected) }
        return text
    }

    func bool() throws(StoreKitConfigurationError) -> Bool {
        guard kind == .boolean, let number = value as? NSNumber else { throw wrongType(expected: "true or false") }
        return number.boolValue
    }

    /// An integer, accepting `12.0` but not `12.5`, `1e300` or anything outside `Int`'s range.
    func int() throws(StoreKitConfigurationError) -> Int {
        guard kind == .number, let number = value as? NSNumber, let integer = Self.exactInteger(number) else {
            throw wrongType(expected: "an integer")
        }
        return integer
    }

    /// A finite number.
    func double() throws(StoreKitConfigurationError) -> Double {
        guard kind == .number, let number = value as? NSNumber, number.doubleValue.isFinite else {
            throw wrongType(expected: "a number")
        }
        return number.doubleValue
    }

    private static func exactInteger(_ number: NSNumber) -> Int? {
        if number is NSDecimalNumber { return Int(exactly: number.doubleValue) }
        switch String(cString: number.objCType) {
        case "c", "s", "i", "l", "q": return Int(exactly: number.int64Value)
        case "C", "S", "I", "L", "Q": return Int(exactly: number.uint64Value)
        default:
            let double = number.doubleValue
            return double.isFinite ? Int(exactly: double) : nil
        }
    }
}
