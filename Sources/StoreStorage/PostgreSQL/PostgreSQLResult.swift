import CLibPQ
import Foundation

/// A `PGresult*` read into Tienda's values. Results come back in text format and are typed by column OID:
/// integer types and `boolean` become integers, `real`/`double precision` reals, `numeric` an integer when it is
/// whole and fits (as `SUM` of integers returns) or else a real, `bytea` a blob, and everything else text.
struct PostgreSQLResult {
    let pointer: OpaquePointer

    /// The number of rows the command inserted, updated or deleted (0 for other commands; libpq also counts
    /// the rows a `SELECT` returned, which is not a change).
    var changedRowCount: Int {
        let writes = ["INSERT", "UPDATE", "DELETE", "MERGE"]
        guard writes.contains(where: commandTag.hasPrefix) else { return 0 }
        return Int(String(cString: PQcmdTuples(pointer))) ?? 0
    }

    /// The command tag, such as `INSERT 0 1` or `COMMIT`.
    var commandTag: String { String(cString: PQcmdStatus(pointer)) }

    /// The result's rows.
    func rows(database: String) -> [SQLRow] {
        let columnCount = PQnfields(pointer)
        let columns = (0..<columnCount).map { String(cString: PQfname(pointer, $0)) }
        let types = (0..<columnCount).map { PQftype(pointer, $0) }
        return (0..<PQntuples(pointer)).map { row in
            let values = (0..<columnCount).map { column -> SQLValue in
                guard PQgetisnull(pointer, row, column) == 0 else { return .null }
                let bytes = UnsafeRawPointer(PQgetvalue(pointer, row, column)!).assumingMemoryBound(to: UInt8.self)
                let text = String(decoding: UnsafeBufferPointer(start: bytes, count: Int(PQgetlength(pointer, row, column))), as: UTF8.self)
                return Self.value(text, type: types[Int(column)])
            }
            return SQLRow(columns: columns, values: values, database: database)
        }
    }

    private static func value(_ text: String, type: Oid) -> SQLValue {
        switch type {
        case PostgreSQLTypeOID.bool:
            return .integer(text == "t" ? 1 : 0)
        case PostgreSQLTypeOID.int2, PostgreSQLTypeOID.int4, PostgreSQLTypeOID.int8, PostgreSQLTypeOID.oid:
            return Int64(text).map(SQLValue.integer) ?? .text(text)
        case PostgreSQLTypeOID.float4, PostgreSQLTypeOID.float8:
            return real(text).map(SQLValue.real) ?? .text(text)
        case PostgreSQLTypeOID.numeric:
            return Int64(text).map(SQLValue.integer) ?? real(text).map(SQLValue.real) ?? .text(text)
        case PostgreSQLTypeOID.bytea:
            return bytes(fromHex: text).map(SQLValue.blob) ?? .text(text)
        default:
            return .text(text)
        }
    }

    private static func real(_ text: String) -> Double? {
        switch text {
        case "Infinity": .infinity
        case "-Infinity": -.infinity
        case "NaN": .nan
        default: Double(text)
        }
    }

    /// Decodes `bytea` hex output (`\x0aff…`), the server's default format and the one Tienda sets.
    private static func bytes(fromHex text: String) -> Data? {
        let digits = Array(text.utf8.dropFirst(2))
        guard text.hasPrefix("\\x"), digits.count % 2 == 0 else { return nil }
        var data = Data(capacity: digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
            data.append(high << 4 | low)
            index += 2
        }
        return data
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
