import Foundation
import StoreModel

/// Why a scenario file could not be loaded, or which step of it failed: the file, where in it, and what was wrong.
///
/// ``description`` is one line in the style of the `.storekit` loader's errors, e.g.
/// `renewal.json: steps[3].product: "com.x" is not a product of Tienda.storekit (products: …)`.
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, with the values involved.
    public enum Problem: Hashable, Sendable {
        /// The file could not be read (the reason in words).
        case unreadable(String)
        /// The file holds nothing but whitespace.
        case empty
        /// The text is not JSON (the reason in words; ``ScenarioError/position`` says where when known).
        case invalidJSON(String)
        /// A value has the wrong JSON type: what was expected and a short rendering of what was found.
        case wrongType(expected: String, found: String)
        /// A required key is missing (or `null`); what was expected there.
        case missing(expected: String)
        /// A key the object does not take (a typo, usually); the keys it takes.
        case unknownKey(allowed: [String])
        /// A string is not one of the values the key allows.
        case notOneOf(String, allowed: [String])
        /// A product ID that the scenario's catalog does not have.
        case unknownProduct(String, catalog: String, products: [String])
        /// The `.storekit` file the scenario names could not be loaded.
        case catalog(StoreKitConfigurationError)
        /// A value that is well-formed but wrong here (the reason in words).
        case invalid(String)
        /// The engine refused the step while the scenario ran (its reason in words).
        case refused(String)

        /// The problem in words.
        public var message: String {
            switch self {
            case .unreadable(let reason):
                return "cannot be read: \(reason)"
            case .empty:
                return "the file is empty; a scenario is one JSON object with a storekit file, accounts and steps"
            case .invalidJSON(let detail):
                return "not valid JSON: \(detail)"
            case .wrongType(let expected, let found):
                return "expected \(expected) but found \(found)"
            case .missing(let expected):
                return "missing; expected \(expected)"
            case .unknownKey(let allowed):
                return "unknown key; this object takes \(allowed.joined(separator: ", "))"
            case .notOneOf(let value, let allowed):
                return "\(ScenarioText.quoted(value)) is not one of \(allowed.joined(separator: ", "))"
            case .unknownProduct(let product, let catalog, let products):
                return "\(ScenarioText.quoted(product)) is not a product of \(catalog) (products: "
                    + "\(products.joined(separator: ", ")))"
            case .catalog(let error):
                return "the storekit file cannot be loaded: \(error.description)"
            case .invalid(let reason), .refused(let reason):
                return reason
            }
        }
    }

    /// The scenario file's name as the caller gave it (the last path component when loaded from a URL).
    public var fileName: String
    /// Where the value sits in the JSON; the root for problems with the whole file.
    public var path: JSONPath
    /// Where in the text, for JSON syntax errors.
    public var position: StoreKitConfigurationError.TextPosition?
    /// What went wrong.
    public var problem: Problem

    /// Creates an error.
    public init(
        fileName: String, path: JSONPath = .root, position: StoreKitConfigurationError.TextPosition? = nil,
        problem: Problem
    ) {
        self.fileName = fileName
        self.path = path
        self.position = position
        self.problem = problem
    }

    /// `file: [line L, column C: ][path: ]message`.
    public var description: String {
        var parts = [fileName]
        if let position { parts.append(position.description) }
        if !path.isRoot { parts.append(path.description) }
        parts.append(problem.message)
        return parts.joined(separator: ": ")
    }
}

extension ScenarioError: LocalizedError {
    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
