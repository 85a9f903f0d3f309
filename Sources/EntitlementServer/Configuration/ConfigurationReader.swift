import Foundation
import StoreModel

/// Reads one JSON value of the configuration file, keeping its path so every error can name the key.
struct ConfigurationReader {
    let file: String
    let path: JSONPath
    let value: Any

    /// Parses the whole document.
    static func parse(_ data: Data, file: String) throws(ConfigurationError) -> ConfigurationReader {
        do {
            let value = try JSONSerialization.jsonObject(with: data, options: [])
            return ConfigurationReader(file: file, path: .root, value: value)
        } catch {
            throw ConfigurationError(
                file: file, path: .root, problem: "the file is not valid JSON (\(error.localizedDescription))",
                fix: "Check it with `python3 -m json.tool \(file)`; docs/ENTITLEMENT_SERVER.md has a complete example")
        }
    }

    /// A failure at this value.
    func failure(_ problem: String, fix: String) -> ConfigurationError {
        ConfigurationError(file: file, path: path, problem: problem, fix: fix)
    }

    /// The keys of this object, checked against the keys the format knows.
    func object(allowedKeys: Set<String>, fix: String) throws(ConfigurationError) -> [String: Any] {
        guard let object = value as? [String: Any] else {
            throw failure("expected an object, found \(Self.describe(value))", fix: fix)
        }
        if let unknown = object.keys.sorted().first(where: { !allowedKeys.contains($0) }) {
            let known = allowedKeys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            throw ConfigurationError(
                file: file, path: path.appending(key: unknown), problem: "unknown key",
                fix: "The keys allowed here are \(known); check the spelling")
        }
        return object
    }

    /// The member `key` of an object, or `nil` when it is absent or JSON `null`.
    func member(_ key: String, in object: [String: Any]) -> ConfigurationReader? {
        guard let child = object[key], !(child is NSNull) else { return nil }
        return ConfigurationReader(file: file, path: path.appending(key: key), value: child)
    }

    /// The member `key`, which must be present.
    func requiredMember(_ key: String, in object: [String: Any], fix: String) throws(ConfigurationError)
        -> ConfigurationReader
    {
        guard let child = member(key, in: object) else {
            throw ConfigurationError(file: file, path: path.appending(key: key), problem: "missing", fix: fix)
        }
        return child
    }

    /// This value as a non-empty string.
    func string(fix: String) throws(ConfigurationError) -> String {
        guard let text = value as? String else {
            throw failure("expected a string, found \(Self.describe(value))", fix: fix)
        }
        guard !text.isEmpty else { throw failure("must not be empty", fix: fix) }
        return text
    }

    /// This value as an integer.
    func integer(fix: String) throws(ConfigurationError) -> Int64 {
        guard let number = value as? NSNumber, !Self.isBoolean(number), let whole = Int64(exactly: number.doubleValue)
        else {
            throw failure("expected a whole number, found \(Self.describe(value))", fix: fix)
        }
        return whole
    }

    /// This value as a Boolean.
    func bool(fix: String) throws(ConfigurationError) -> Bool {
        guard let number = value as? NSNumber, Self.isBoolean(number) else {
            throw failure("expected true or false, found \(Self.describe(value))", fix: fix)
        }
        return number.boolValue
    }

    /// The elements of this array.
    func array(fix: String) throws(ConfigurationError) -> [ConfigurationReader] {
        guard let array = value as? [Any] else {
            throw failure("expected an array, found \(Self.describe(value))", fix: fix)
        }
        return array.enumerated().map { ConfigurationReader(file: file, path: path.appending(index: $0), value: $1) }
    }

    /// The members of this object as readers, in key order.
    func members(fix: String) throws(ConfigurationError) -> [(key: String, reader: ConfigurationReader)] {
        guard let object = value as? [String: Any] else {
            throw failure("expected an object, found \(Self.describe(value))", fix: fix)
        }
        return object.keys.sorted().map { key in
            (key, ConfigurationReader(file: file, path: path.appending(key: key), value: object[key]!))
        }
    }

    /// JSON `true`/`false` arrive as NSNumbers whose Objective-C type is `c` (char), on Linux and macOS alike.
    private static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }

    /// A short description of a JSON value's type, for messages.
    static func describe(_ value: Any) -> String {
        switch value {
        case is NSNull: "null"
        case is String: "a string"
        case let number as NSNumber: isBoolean(number) ? "a Boolean" : "a number"
        case is [Any]: "an array"
        case is [String: Any]: "an object"
        default: "\(type(of: value))"
        }
    }
}
