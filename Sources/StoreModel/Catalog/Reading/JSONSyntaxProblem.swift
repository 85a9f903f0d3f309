import Foundation

/// What is wrong with a JSON file that `JSONSerialization` refused, in words that do not depend on the platform's
/// Foundation, and where (line and column) when Foundation says.
///
/// Catalogs (`.storekit`) and scenario files report their syntax errors through this, so both read the same.
public struct JSONSyntaxProblem: Sendable {
    /// What is wrong and how to fix it: "unexpected character "}"; check for a missing comma, …".
    public var message: String
    /// Where, when Foundation gave an offset.
    public var position: StoreKitConfigurationError.TextPosition?

    /// The problem `JSONSerialization` reported as `error` while reading `bytes`.
    public init(_ error: NSError, bytes: [UInt8]) {
        let detail = (error.userInfo[NSDebugDescriptionErrorKey] as? String) ?? error.localizedDescription
        var offset = error.userInfo["NSJSONSerializationErrorIndex"] as? Int ?? Self.characterIndex(in: detail)
        if detail.hasPrefix("Unexpected end of file") {
            offset = bytes.count
            message = "the file ends before the JSON is complete (is it cut short, or is a bracket or quote not closed?)"
        } else if detail.hasPrefix("Too many nested") {
            message = "arrays and objects are nested too deeply (more than 512 levels)"
        } else if detail.hasPrefix("Invalid UTF-8") {
            message = "the text is not UTF-8"
        } else if let at = offset, at >= 0, at < bytes.count {
            message = "unexpected \(Self.describeCharacter(at: at, in: bytes)); "
                + "check for a missing comma, quote or bracket just before it"
        } else {
            message = detail
        }
        if let at = offset, at >= 0, at <= bytes.count { position = Self.position(ofByte: at, in: bytes) }
    }

    /// The `N` of Foundation's "… around character N." (a byte offset from 0).
    private static func characterIndex(in detail: String) -> Int? {
        guard let range = detail.range(of: "character ") else { return nil }
        let digits = detail[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
        return Int(digits)
    }

    /// `character "x"`, or `byte 0xFF` when the bytes there are not UTF-8.
    private static func describeCharacter(at offset: Int, in bytes: [UInt8]) -> String {
        let tail = bytes[offset..<min(bytes.count, offset + 4)]
        var decoder = UTF8()
        var iterator = tail.makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            return "character " + quotedJSONString(String(scalar))
        }
        let hex = String(bytes[offset], radix: 16, uppercase: true)
        return "byte 0x" + (hex.count < 2 ? "0" : "") + hex
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
