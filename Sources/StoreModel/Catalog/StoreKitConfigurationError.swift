import Foundation

/// Why a `.storekit` file could not be loaded: the file, where in it, and what was wrong.
///
/// ``description`` is one line meant for people, e.g.
/// `Products.storekit: products[2].type: "Foo" is not one of Consumable, NonConsumable, NonRenewingSubscription`
/// or `Store.storekit: line 12, column 5: not valid JSON: unexpected character "}"; …`.
public struct StoreKitConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A place in the file's text, counted from 1. Columns count characters, not bytes.
    public struct TextPosition: Hashable, Sendable, CustomStringConvertible {
        /// The line, from 1.
        public var line: Int
        /// The character on that line, from 1.
        public var column: Int

        /// Creates a position.
        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }

        /// `line L, column C`.
        public var description: String { "line \(line), column \(column)" }
    }

    /// What went wrong, with the values involved.
    public enum Problem: Hashable, Sendable {
        /// The file could not be read from disk (the reason in words).
        case unreadable(String)
        /// The file holds nothing but whitespace.
        case empty
        /// The text is not JSON (the reason in words; ``StoreKitConfigurationError/position`` says where when known).
        case invalidJSON(String)
        /// A value has the wrong JSON type: what was expected and a short rendering of what was found.
        case wrongType(expected: String, found: String)
        /// A key that Tienda cannot do without is missing (or `null`); what was expected there.
        case missing(expected: String)
        /// A string is not one of the values the key allows.
        case notOneOf(String, allowed: [String])
        /// A period string is not of the form `PnD`, `PnW`, `PnM` or `PnY`.
        case invalidPeriod(String)
        /// A product ID appears twice in the file; the path of its first use.
        case duplicateProductID(String, firstUse: JSONPath)

        /// The problem in words, including how to put it right where that is not obvious.
        public var message: String {
            switch self {
            case .unreadable(let reason):
                return "cannot be read: \(reason)"
            case .empty:
                return "the file is empty; a .storekit file holds one JSON object (at least {})"
            case .invalidJSON(let detail):
                return "not valid JSON: \(detail)"
            case .wrongType(let expected, let found):
                return "expected \(expected) but found \(found)"
            case .missing(let expected):
                return "missing; expected \(expected)"
            case .notOneOf(let value, let allowed):
                return "\(quotedJSONString(value)) is not one of \(allowed.joined(separator: ", "))"
            case .invalidPeriod(let value):
                return "\(quotedJSONString(value)) is not an ISO 8601 period (P3D, P1W, P1M, P1Y, …)"
            case .duplicateProductID(let productID, let firstUse):
                return "\(quotedJSONString(productID)) is already the product ID of \(firstUse); "
                    + "product IDs must be unique within a file"
            }
        }
    }

    /// The file's name as the caller gave it (the last path component when loaded from a URL).
    public var fileName: String
    /// Where the value sits in the JSON; ``JSONPath/root`` for problems with the whole file.
    public var path: JSONPath
    /// Where in the text, for JSON syntax errors.
    public var position: TextPosition?
    /// What went wrong.
    public var problem: Problem

    /// Creates an error.
    public init(fileName: String, path: JSONPath = .root, position: TextPosition? = nil, problem: Problem) {
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

extension StoreKitConfigurationError: LocalizedError {
    /// The same text as ``description``, so that `localizedDescription` is useful too.
    public var errorDescription: String? { description }
}
