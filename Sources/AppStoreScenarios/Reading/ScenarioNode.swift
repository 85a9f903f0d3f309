import Foundation
import StoreModel

/// One value of a scenario file with the path where it was found, read with checked conversions: every accessor
/// returns the value in the asked-for type or throws a ``ScenarioError`` naming the file, the path, what was
/// expected and what was found.
struct ScenarioNode {
    /// What `JSONSerialization` produced.
    let value: Any
    /// Where the value sits.
    let path: JSONPath
    /// The scenario file's name, for errors.
    let fileName: String

    /// An error about this value.
    func error(_ problem: ScenarioError.Problem) -> ScenarioError {
        ScenarioError(fileName: fileName, path: path, problem: problem)
    }

    /// An error saying what was expected instead of this value.
    func wrongType(expected: String) -> ScenarioError {
        error(.wrongType(expected: expected, found: summary))
    }

    var isNull: Bool { value is NSNull }

    private var isBoolean: Bool {
        guard let number = value as? NSNumber, !(value is String) else { return false }
        return String(cString: number.objCType) == "c"
    }

    /// The value in a few words: `the string "Foo"`, `the number 3`, `true`, `an array`.
    var summary: String {
        switch value {
        case is NSNull: return "null"
        case let text as String: return "the string " + ScenarioText.quoted(text)
        case is [String: Any]: return "an object"
        case is [Any]: return "an array"
        case let number as NSNumber: return isBoolean ? (number.boolValue ? "true" : "false") : "the number \(number)"
        default: return "an unknown value"
        }
    }

    func object() throws(ScenarioError) -> ScenarioObject {
        guard let members = value as? [String: Any] else { throw wrongType(expected: "an object") }
        return ScenarioObject(node: self, members: members)
    }

    func array(expected: String = "an array") throws(ScenarioError) -> [ScenarioNode] {
        guard let elements = value as? [Any] else { throw wrongType(expected: expected) }
        return elements.enumerated().map { index, element in
            ScenarioNode(value: element, path: path.appending(index: index), fileName: fileName)
        }
    }

    func string(expected: String = "a string") throws(ScenarioError) -> String {
        guard let text = value as? String else { throw wrongType(expected: expected) }
        return text
    }

    func bool() throws(ScenarioError) -> Bool {
        guard isBoolean, let number = value as? NSNumber else { throw wrongType(expected: "true or false") }
        return number.boolValue
    }

    /// An integer (`12.0` is accepted, `12.5` is not).
    func int(expected: String = "an integer") throws(ScenarioError) -> Int {
        guard !isBoolean, let number = value as? NSNumber, !(value is String),
            let integer = Int(exactly: number.doubleValue), Double(integer) == number.doubleValue
        else { throw wrongType(expected: expected) }
        return integer
    }

    /// A finite number.
    func double(expected: String = "a number") throws(ScenarioError) -> Double {
        guard !isBoolean, let number = value as? NSNumber, !(value is String), number.doubleValue.isFinite else {
            throw wrongType(expected: expected)
        }
        return number.doubleValue
    }

    /// A string that must be one of `allowed`.
    func choice(_ allowed: [String]) throws(ScenarioError) -> String {
        let text = try string(expected: "one of \(allowed.joined(separator: ", "))")
        guard allowed.contains(text) else { throw error(.notOneOf(text, allowed: allowed)) }
        return text
    }
}
