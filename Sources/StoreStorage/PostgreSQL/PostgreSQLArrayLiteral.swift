/// A PostgreSQL array in its text form (`{"a","b",NULL}`), sent as one text parameter, for statements that take a
/// whole column of rows at once: `SELECT … FROM unnest(?::text[], ?::int8[])`, `WHERE key = ANY(?::text[])`.
///
/// Every text element is quoted, with `\` and `"` escaped, so any text round-trips; `NULL` elements are bare.
public enum PostgreSQLArrayLiteral {
    /// The array of `values` as one parameter: text, integers and `NULL` only.
    /// - Precondition: no value is a blob or a real.
    public static func parameter(_ values: some Collection<SQLValue>) -> SQLValue {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        bytes.reserveCapacity(2 + values.count * 16)
        var first = true
        for value in values {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            switch value {
            case .null:
                bytes += "NULL".utf8
            case .integer(let integer):
                bytes += String(integer).utf8
            case .text(let text):
                bytes.append(UInt8(ascii: "\""))
                for byte in text.utf8 {
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { bytes.append(UInt8(ascii: "\\")) }
                    bytes.append(byte)
                }
                bytes.append(UInt8(ascii: "\""))
            case .real, .blob:
                preconditionFailure("PostgreSQLArrayLiteral holds text, integers and NULL only")
            }
        }
        bytes.append(UInt8(ascii: "}"))
        return .text(String(decoding: bytes, as: UTF8.self))
    }

    /// The array of `texts` as one parameter.
    public static func parameter(texts: some Collection<String>) -> SQLValue {
        parameter(texts.map(SQLValue.text))
    }
}
