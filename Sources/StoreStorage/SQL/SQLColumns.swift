import CSQLite
import Foundation

/// The current row of a query read in place, column by column, by position in the select list: what
/// ``SQLTransaction/map(_:_:_:)`` hands its reader for each row.
///
/// Unlike ``SQLRow`` it builds no array of values and no column names, and reads bytes without copying them
/// first, which matters for queries that read thousands of rows inside one transaction. It is valid only while
/// the reader runs: keep what it reads, never the value itself.
///
/// ```swift
/// let balances = try transaction.map("SELECT user_id, balance FROM wallets WHERE balance > ?", [.integer(0)]) { row in
///     (try row.string(0), try row.int64(1))
/// }
/// ```
public struct SQLColumns {
    private enum Source {
        case sqlite(OpaquePointer)
        case row(SQLRow)
    }

    private let source: Source
    private let database: String

    init(statement: OpaquePointer, database: String) {
        source = .sqlite(statement)
        self.database = database
    }

    init(row: SQLRow, database: String) {
        source = .row(row)
        self.database = database
    }

    /// The number of columns.
    public var count: Int {
        switch source {
        case .sqlite(let statement): Int(sqlite3_column_count(statement))
        case .row(let row): row.values.count
        }
    }

    /// Whether the column holds `NULL`.
    public func isNull(_ column: Int) throws(StorageError) -> Bool {
        try checked(column)
        switch source {
        case .sqlite(let statement): return sqlite3_column_type(statement, Int32(column)) == SQLITE_NULL
        case .row(let row): return row.values[column] == .null
        }
    }

    /// An integer column.
    /// - Throws: ``StorageError/Code/typeMismatch`` when it holds anything else, `NULL` included.
    public func int64(_ column: Int) throws(StorageError) -> Int64 {
        guard let value = try optionalInt64(column) else { throw mismatch(column, expected: "an integer", found: "NULL") }
        return value
    }

    /// An integer column, or `nil` for `NULL`.
    /// - Throws: ``StorageError/Code/typeMismatch`` when it holds text, bytes or a real number.
    public func optionalInt64(_ column: Int) throws(StorageError) -> Int64? {
        try checked(column)
        switch source {
        case .sqlite(let statement):
            switch sqlite3_column_type(statement, Int32(column)) {
            case SQLITE_INTEGER: return sqlite3_column_int64(statement, Int32(column))
            case SQLITE_NULL: return nil
            default: throw mismatch(column, expected: "an integer", found: typeName(column))
            }
        case .row(let row):
            switch row.values[column] {
            case .integer(let value): return value
            case .null: return nil
            default: throw mismatch(column, expected: "an integer", found: typeName(column))
            }
        }
    }

    /// A text column.
    /// - Throws: ``StorageError/Code/typeMismatch`` when it holds anything else, `NULL` included.
    public func string(_ column: Int) throws(StorageError) -> String {
        guard let value = try optionalString(column) else { throw mismatch(column, expected: "text", found: "NULL") }
        return value
    }

    /// A text column, or `nil` for `NULL`.
    /// - Throws: ``StorageError/Code/typeMismatch`` when it holds a number or bytes.
    public func optionalString(_ column: Int) throws(StorageError) -> String? {
        try checked(column)
        switch source {
        case .sqlite(let statement):
            switch sqlite3_column_type(statement, Int32(column)) {
            case SQLITE_TEXT:
                let characters = sqlite3_column_text(statement, Int32(column))
                let count = Int(sqlite3_column_bytes(statement, Int32(column)))
                return String(decoding: UnsafeBufferPointer(start: characters, count: count), as: UTF8.self)
            case SQLITE_NULL: return nil
            default: throw mismatch(column, expected: "text", found: typeName(column))
            }
        case .row(let row):
            switch row.values[column] {
            case .text(let value): return value
            case .null: return nil
            default: throw mismatch(column, expected: "text", found: typeName(column))
            }
        }
    }

    /// A text column, as `previous` when it holds the same text: a column whose rows repeat a few values (an app's
    /// bundle ID, a product ID) then costs no new string, only a comparison of its bytes.
    /// - Throws: ``StorageError/Code/typeMismatch`` when it holds anything else, `NULL` included.
    public func string(_ column: Int, reusing previous: String?) throws(StorageError) -> String {
        guard let previous else { return try string(column) }
        try checked(column)
        guard case .sqlite(let statement) = source, sqlite3_column_type(statement, Int32(column)) == SQLITE_TEXT,
            let characters = sqlite3_column_text(statement, Int32(column))
        else { return try string(column) }
        let count = Int(sqlite3_column_bytes(statement, Int32(column)))
        let same = previous.utf8.withContiguousStorageIfAvailable { utf8 in
            utf8.count == count && (count == 0 || memcmp(utf8.baseAddress!, characters, count) == 0)
        }
        if same == true { return previous }
        return String(decoding: UnsafeBufferPointer(start: characters, count: count), as: UTF8.self)
    }

    /// A bytes column, copied out.
    /// - Throws: ``StorageError/Code/typeMismatch`` when it holds anything else, `NULL` included.
    public func bytes(_ column: Int) throws(StorageError) -> [UInt8] {
        guard let value = try optionalBytes(column) else { throw mismatch(column, expected: "bytes", found: "NULL") }
        return value
    }

    /// A bytes column copied out, or `nil` for `NULL`.
    /// - Throws: ``StorageError/Code/typeMismatch`` when it holds a number or text.
    public func optionalBytes(_ column: Int) throws(StorageError) -> [UInt8]? {
        try withOptionalBytes(column) { $0.map { [UInt8]($0) } }
    }

    /// Runs `body` over a bytes column where the backend keeps it (`nil` for `NULL`), without copying it.
    /// - Throws: ``StorageError/Code/typeMismatch`` when it holds a number or text.
    public func withOptionalBytes<T>(
        _ column: Int, _ body: (UnsafeRawBufferPointer?) throws(StorageError) -> T
    ) throws(StorageError) -> T {
        try checked(column)
        switch source {
        case .sqlite(let statement):
            switch sqlite3_column_type(statement, Int32(column)) {
            case SQLITE_BLOB:
                let bytes = sqlite3_column_blob(statement, Int32(column))
                let count = Int(sqlite3_column_bytes(statement, Int32(column)))
                return try body(UnsafeRawBufferPointer(start: count == 0 ? nil : bytes, count: count))
            case SQLITE_NULL: return try body(nil)
            default: throw mismatch(column, expected: "bytes", found: typeName(column))
            }
        case .row(let row):
            switch row.values[column] {
            case .blob(let data): return try Self.withBytes(of: data, body)
            case .bytes(let array): return try Self.withBytes(of: array, body)
            case .null: return try body(nil)
            default: throw mismatch(column, expected: "bytes", found: typeName(column))
            }
        }
    }

    private func checked(_ column: Int) throws(StorageError) {
        guard column >= 0, column < count else {
            throw StorageError(
                .missingColumn,
                reason: "The row has \(count) column(s); there is no column \(column) (counted from 0). "
                    + "Add it to the SELECT list.",
                database: database)
        }
    }

    private func typeName(_ column: Int) -> String {
        switch source {
        case .sqlite(let statement):
            switch sqlite3_column_type(statement, Int32(column)) {
            case SQLITE_INTEGER: return "an integer"
            case SQLITE_FLOAT: return "a real number"
            case SQLITE_TEXT: return "text"
            case SQLITE_BLOB: return "bytes"
            default: return "NULL"
            }
        case .row(let row):
            switch row.values[column] {
            case .null: return "NULL"
            case .integer: return "an integer"
            case .real: return "a real number"
            case .text: return "text"
            case .blob, .bytes: return "bytes"
            case .array: return "an array"
            }
        }
    }

    /// `body` with a blob's bytes (`withUnsafeBytes` rethrows untyped errors, so the typed one goes through a
    /// `Result`).
    private static func withBytes<T>(
        of blob: some ContiguousBytes, _ body: (UnsafeRawBufferPointer?) throws(StorageError) -> T
    ) throws(StorageError) -> T {
        var result: Result<T, StorageError>?
        blob.withUnsafeBytes { bytes in result = Result { () throws(StorageError) in try body(bytes) } }
        return try result!.get()
    }

    private func mismatch(_ column: Int, expected: String, found: String) -> StorageError {
        StorageError(
            .typeMismatch,
            reason: "Column \(column) (counted from 0) holds \(found) where \(expected) was expected. "
                + "Read it with the matching reader, or CAST it in the query.",
            database: database)
    }
}
