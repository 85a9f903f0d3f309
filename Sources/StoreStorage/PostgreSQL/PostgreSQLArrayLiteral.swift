/// A PostgreSQL array in its text form (`{"a","b",NULL}`), sent as one text parameter, for statements that take a
/// whole column of rows at once: `SELECT … FROM unnest(?::text[], ?::int8[])`, `WHERE key = ANY(?::text[])`.
///
/// Every text element is quoted, with `\` and `"` escaped, so any text round-trips; `NULL` elements are bare.
/// ``PostgreSQLArray`` sends the same arrays in the binary format, which neither side has to quote or parse; the
/// text form is for callers that want the parameter as text.
///
/// A batch's columns carry tens of kilobytes of stored JSON, so the literal is written in one buffer sized up
/// front, each element's bytes copied in runs between the characters to escape, and integers written digit by
/// digit.
public enum PostgreSQLArrayLiteral {
    /// The array of `values` as one parameter: text, integers and `NULL` only.
    /// - Precondition: no value is a blob or a real.
    public static func parameter(_ values: some Collection<SQLValue>) -> SQLValue {
        parameter(Array(values))
    }

    /// The array of `values` as one parameter: text, integers and `NULL` only. (Not generic, so callers in other
    /// modules run code compiled for the array instead of the unspecialized generic one.)
    /// - Precondition: no value is a blob or a real.
    public static func parameter(_ values: [SQLValue]) -> SQLValue {
        var capacity = 2
        for value in values {
            switch value {
            case .text(let text): capacity += text.utf8.count + text.utf8.count / 4 + 3  // JSON: about a quote in eight bytes
            default: capacity += 21
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(capacity)
        bytes.append(UInt8(ascii: "{"))
        var first = true
        for value in values {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            switch value {
            case .null:
                bytes.append(contentsOf: nullElement)
            case .integer(let integer):
                bytes.appendDecimal(integer)
            case .text(var text):
                bytes.append(UInt8(ascii: "\""))
                // Stored JSON is full of quotes: copy the runs between characters to escape whole.
                text.withUTF8 { utf8 in
                    var run = 0
                    for index in utf8.indices where utf8[index] == UInt8(ascii: "\"") || utf8[index] == UInt8(ascii: "\\") {
                        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index]))
                        bytes.append(UInt8(ascii: "\\"))
                        run = index
                    }
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
                }
                bytes.append(UInt8(ascii: "\""))
            case .real, .blob, .array:
                preconditionFailure("PostgreSQLArrayLiteral holds text, integers and NULL only")
            }
        }
        bytes.append(UInt8(ascii: "}"))
        return .text(String(decoding: bytes, as: UTF8.self))
    }

    /// A `NULL` element.
    private static let nullElement: [UInt8] = Array("NULL".utf8)

    /// The array of `texts` as one parameter.
    public static func parameter(texts: some Collection<String>) -> SQLValue {
        parameter(texts.map(SQLValue.text) as [SQLValue])
    }
}
