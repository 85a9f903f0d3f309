import CSQLite

/// Turns SQLite result codes into ``StorageError``s that say what to do.
enum SQLiteFailure {
    /// `SQLITE_CONSTRAINT_UNIQUE` and `SQLITE_CONSTRAINT_PRIMARYKEY`, which Swift does not import because
    /// sqlite3.h defines them as expressions.
    private static let uniqueConstraintCodes: Set<Int32> = [SQLITE_CONSTRAINT | (8 << 8), SQLITE_CONSTRAINT | (6 << 8)]

    /// The error for a failed call that returned `status`, with SQLite's message for the connection.
    static func error(_ status: Int32, handle: OpaquePointer, sql: String?, database: String) -> StorageError {
        let message = String(cString: sqlite3_errmsg(handle))
        let code = codeDescription(status)
        switch status & 0xff {
        case SQLITE_CONSTRAINT where uniqueConstraintCodes.contains(status):
            return StorageError(
                .uniqueViolation,
                reason: "\(message): a row with this key already exists. For an idempotent write use "
                    + "INSERT … ON CONFLICT (…) DO NOTHING and check the changed-row count, or catch "
                    + "StorageError.Code.uniqueViolation.",
                database: database, sql: sql, backendCode: code)
        case SQLITE_CONSTRAINT:
            return StorageError(
                .constraintViolation,
                reason: "\(message): the row breaks a NOT NULL, CHECK or FOREIGN KEY constraint. Fix the values, "
                    + "or write the referenced row first.",
                database: database, sql: sql, backendCode: code)
        case SQLITE_BUSY, SQLITE_LOCKED:
            return StorageError(
                .busy,
                reason: "\(message): another connection held the write lock for longer than the busy timeout. "
                    + "Another process may be writing to the same file; stop it or raise Configuration.busyTimeout.",
                database: database, sql: sql, backendCode: code)
        default:
            return StorageError(
                .statementFailed,
                reason: "SQLite rejected the statement: \(message). Check the SQL against the schema "
                    + "(have the migrations run?).",
                database: database, sql: sql, backendCode: code)
        }
    }

    /// `status` with SQLite's English name for it, such as `2067 (constraint failed)`.
    static func codeDescription(_ status: Int32) -> String {
        "SQLite \(status) (\(String(cString: sqlite3_errstr(status))))"
    }
}
