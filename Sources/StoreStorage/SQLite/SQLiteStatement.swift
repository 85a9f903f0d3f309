import CSQLite
import Foundation

/// One prepared `sqlite3_stmt*` in use: binds parameters, steps, and reads rows. Its owner resets it after use
/// so it can be run again.
struct SQLiteStatement {
    let pointer: OpaquePointer
    let handle: OpaquePointer
    let sql: String
    let database: String

    /// Compiles `sql`, which must hold exactly one statement.
    static func prepare(_ sql: String, on handle: OpaquePointer, database: String) throws(StorageError) -> OpaquePointer {
        var statement: OpaquePointer?
        var hasSecondStatement = false
        let status = sql.withCString { text in
            var tail: UnsafePointer<CChar>?
            let status = sqlite3_prepare_v3(handle, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, &tail)
            if status == SQLITE_OK, let tail, tail.pointee != 0 {
                var second: OpaquePointer?
                sqlite3_prepare_v2(handle, tail, -1, &second, nil)
                hasSecondStatement = second != nil
                sqlite3_finalize(second)
            }
            return status
        }
        guard status == SQLITE_OK else {
            throw SQLiteFailure.error(status, handle: handle, sql: sql, database: database)
        }
        guard let statement, !hasSecondStatement else {
            sqlite3_finalize(statement)
            throw StorageError(
                .invalidStatement,
                reason: statement == nil
                    ? "The SQL holds no statement. Pass one statement per call."
                    : "The SQL holds more than one statement. Pass one statement per call (a migration takes a list).",
                database: database, sql: sql)
        }
        return statement
    }

    /// Binds one value per `?`. Texts and blobs are copied into one allocation, which SQLite reads in place
    /// (`SQLITE_STATIC`) instead of copying each value into an allocation of its own: the returned bytes must
    /// outlive the statement's run, and are released after ``reset()``.
    func bind(_ parameters: [SQLValue]) throws(StorageError) -> BoundBytes {
        let expected = Int(sqlite3_bind_parameter_count(pointer))
        guard expected == parameters.count else {
            throw StorageError(
                .invalidStatement,
                reason: "The statement has \(expected) placeholder(s) but \(parameters.count) parameter(s) were "
                    + "given. Pass one value per ?.",
                database: database, sql: sql)
        }
        // Each value is read where it is: iterating the array copied every value, retaining and releasing the
        // storage of each text and blob.
        var bytes = BoundBytes(parameters)
        let failure = parameters.withUnsafeBufferPointer { values -> (offset: Int, status: Int32)? in
            for offset in values.indices {
                if case .array = values[offset] { return (offset, SQLITE_MISMATCH) }
                let status = bind(values[offset], at: Int32(offset + 1), copyingInto: &bytes)
                if status != SQLITE_OK { return (offset, status) }
            }
            return nil
        }
        guard let failure else { return bytes }
        reset()
        bytes.release()
        if failure.status == SQLITE_MISMATCH, case .array = parameters[failure.offset] {
            throw StorageError(
                .invalidStatement,
                reason: "Parameter \(failure.offset + 1) is a PostgreSQL array, which SQLite has no type for. Send the "
                    + "rows one statement each on SQLite.",
                database: database, sql: sql)
        }
        throw SQLiteFailure.error(failure.status, handle: handle, sql: sql, database: database)
    }

    private func bind(_ value: SQLValue, at index: Int32, copyingInto bytes: inout BoundBytes) -> Int32 {
        switch value {
        case .null:
            return sqlite3_bind_null(pointer, index)
        case .integer(let integer):
            return sqlite3_bind_int64(pointer, index, integer)
        case .real(let real):
            return sqlite3_bind_double(pointer, index, real)
        case .text(let text):
            // A nil pointer would bind NULL, so the empty string gets a real (empty) C string.
            guard let characters = bytes.append(text) else {
                return sqlite3_bind_text(pointer, index, "", 0, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            }
            return sqlite3_bind_text(pointer, index, characters.baseAddress, Int32(characters.count), nil)
        case .blob(let data):
            return bindBlob(bytes.append(data), at: index)
        case .bytes(let array):
            return bindBlob(bytes.append(array), at: index)
        case .array:
            return SQLITE_MISMATCH  // refused by bind(_:) with a message first
        }
    }

    /// Binds bytes copied into the bound bytes; `nil`, the empty blob, as a zero-length blob (a nil pointer would
    /// bind NULL).
    private func bindBlob(_ blob: UnsafeRawBufferPointer?, at index: Int32) -> Int32 {
        guard let blob else { return sqlite3_bind_zeroblob(pointer, index, 0) }
        return sqlite3_bind_blob(pointer, index, blob.baseAddress, Int32(blob.count), nil)
    }

    /// Advances to the next row: `true` when a row is ready, `false` when the statement is done.
    func step() throws(StorageError) -> Bool {
        let status = sqlite3_step(pointer)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteFailure.error(status, handle: handle, sql: sql, database: database)
        }
    }

    /// The result's column names.
    func columnNames() -> [String] {
        (0..<sqlite3_column_count(pointer)).map { String(cString: sqlite3_column_name(pointer, $0)) }
    }

    /// The current row's values, typed by what SQLite stored.
    func rowValues() -> [SQLValue] {
        (0..<sqlite3_column_count(pointer)).map { column in
            switch sqlite3_column_type(pointer, column) {
            case SQLITE_INTEGER:
                return .integer(sqlite3_column_int64(pointer, column))
            case SQLITE_FLOAT:
                return .real(sqlite3_column_double(pointer, column))
            case SQLITE_TEXT:
                let characters = sqlite3_column_text(pointer, column)
                let count = Int(sqlite3_column_bytes(pointer, column))
                return .text(String(decoding: UnsafeBufferPointer(start: characters, count: count), as: UTF8.self))
            case SQLITE_BLOB:
                let bytes = sqlite3_column_blob(pointer, column)
                let count = Int(sqlite3_column_bytes(pointer, column))
                return .blob(bytes.map { Data(bytes: $0, count: count) } ?? Data())
            default:
                return .null
            }
        }
    }

    /// Makes the statement ready to run again and drops its bindings.
    func reset() {
        sqlite3_reset(pointer)
        sqlite3_clear_bindings(pointer)
    }
}
