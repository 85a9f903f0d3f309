/// Where a value sits inside a JSON document, written the way a reader would point at it:
/// `subscriptionGroups[0].subscriptions[1].recurringSubscriptionPeriod`.
///
/// Keys that are not plain identifiers are written in brackets: `settings._compatibilityTimeRate["3"]`.
/// The root path (the whole document) renders as an empty string.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// One step into an object (by key) or an array (by position, counted from 0).
    public enum Component: Hashable, Sendable {
        /// A member of an object.
        case key(String)
        /// An element of an array.
        case index(Int)
    }

    /// The steps from the top of the document, outermost first.
    public var components: [Component]

    /// Creates a path from its steps.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The whole document.
    public static let root = JSONPath()

    /// Whether the path points at the whole document.
    public var isRoot: Bool { components.isEmpty }

    /// This path extended by an object key.
    public func appending(key: String) -> JSONPath {
        JSONPath(components + [.key(key)])
    }

    /// This path extended by an array position.
    public func appending(index: Int) -> JSONPath {
        JSONPath(components + [.index(index)])
    }

    /// The path as written in messages, e.g. `products[2].type`.
    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key) where Self.isPlainIdentifier(key):
                if !text.isEmpty { text += "." }
                text += key
            case .key(let key):
                text += "[" + quotedJSONString(key) + "]"
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    /// Whether a key can be written after a dot: ASCII letters, digits, `_` and `$`, not starting with a digit.
    private static func isPlainIdentifier(_ key: String) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
        }
        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        let bytes = Array(key.utf8)
        guard let first = bytes.first, isLetter(first) else { return false }
        return bytes.allSatisfy { isLetter($0) || isDigit($0) }
    }
}

/// A string in double quotes with JSON escapes, cut to 80 characters for messages.
func quotedJSONString(_ text: String) -> String {
    var shown = text
    if shown.count > 80 { shown = String(shown.prefix(80)) + "…" }
    var quoted = "\""
    for scalar in shown.unicodeScalars {
        switch scalar {
        case "\"": quoted += "\\\""
        case "\\": quoted += "\\\\"
        case "\n": quoted += "\\n"
        case "\r": quoted += "\\r"
        case "\t": quoted += "\\t"
        case _ where scalar.value < 0x20: quoted += "\\u" + fourHexDigits(scalar.value)
        default: quoted.unicodeScalars.append(scalar)
        }
    }
    return quoted + "\""
}

/// `value` as four lowercase hex digits (for control characters, which are below 0x20).
private func fourHexDigits(_ value: UInt32) -> String {
    let hex = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}
