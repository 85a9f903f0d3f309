import Foundation
import StoreModel

/// Turns a scenario file's bytes into its root ``ScenarioNode``, and JSON syntax errors into errors that say
/// where (line and column) and what.
enum ScenarioDocument {
    static func parse(_ data: Data, fileName: String) throws(ScenarioError) -> ScenarioNode {
        let bytes = [UInt8](data)
        if bytes.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            throw ScenarioError(fileName: fileName, problem: .empty)
        }
        do {
            let value = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return ScenarioNode(value: value, path: .root, fileName: fileName)
        } catch {
            throw syntaxError(error as NSError, bytes: bytes, fileName: fileName)
        }
    }

    private static func syntaxError(_ error: NSError, bytes: [UInt8], fileName: String) -> ScenarioError {
        let detail = (error.userInfo[NSDebugDescriptionErrorKey] as? String) ?? error.localizedDescription
        var offset = error.userInfo["NSJSONSerializationErrorIndex"] as? Int ?? characterIndex(in: detail)
        let message: String
        if detail.hasPrefix("Unexpected end of file") {
            offset = bytes.count
            message = "the file ends before the JSON is complete (is a bracket or quote not closed?)"
        } else if let at = offset, at >= 0, at < bytes.count {
            let character = String(decoding: bytes[at..<min(bytes.count, at + 1)], as: UTF8.self)
            message = "unexpected character \(ScenarioText.quoted(character)); "
                + "check for a missing comma, quote or bracket just before it"
        } else {
            message = detail
        }
        var failure = ScenarioError(fileName: fileName, problem: .invalidJSON(message))
        if let at = offset, at >= 0, at <= bytes.count { failure.position = position(ofByte: at, in: bytes) }
        return failure
    }

    /// The `N` of Foundation's "… around character N.".
    private static func characterIndex(in detail: String) -> Int? {
        guard let range = detail.range(of: "character ") else { return nil }
        return Int(detail[range.upperBound...].prefix { $0.isASCII && $0.isNumber })
    }

    /// Line and column (both from 1) of a byte offset, counting columns in characters.
    private static func position(ofByte offset: Int, in bytes: [UInt8]) -> StoreKitConfigurationError.TextPosition {
        var line = 1
        var column = 1
        for byte in bytes[..<offset] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return StoreKitConfigurationError.TextPosition(line: line, column: column)
    }
}
