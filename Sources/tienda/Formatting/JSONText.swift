import Foundation

/// JSON rendering for command output.
enum JSONText {
    /// Pretty-printed JSON with sorted keys and unescaped slashes.
    static func pretty(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
