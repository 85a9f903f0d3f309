import CLibPQ

/// Turns PostgreSQL errors into ``StorageError``s that say what to do.
enum PostgreSQLFailure {
    /// The error in a failed `result`, classified by its SQLSTATE.
    static func error(in result: OpaquePointer, sql: String, database: String) -> StorageError {
        let sqlState = field(sqlStateField, of: result) ?? "XX000"
        let primary = field(primaryMessageField, of: result) ?? String(cString: PQresultErrorMessage(result))
        let detail = field(detailField, of: result).map { " (\($0))" } ?? ""
        let hint = field(hintField, of: result).map { " Hint: \($0)" } ?? ""
        let message = primary + detail
        let code = "SQLSTATE \(sqlState)"
        switch sqlState {
        case "23505":
            return StorageError(
                .uniqueViolation,
                reason: "\(message): a row with this key already exists. For an idempotent write use "
                    + "INSERT … ON CONFLICT (…) DO NOTHING and check the changed-row count, or catch "
                    + "StorageError.Code.uniqueViolation.",
                database: database, sql: sql, backendCode: code)
        case let state where state.hasPrefix("23"):
            return StorageError(
                .constraintViolation,
                reason: "\(message): the row breaks a NOT NULL, CHECK or FOREIGN KEY constraint. Fix the values, "
                    + "or write the referenced row first.",
                database: database, sql: sql, backendCode: code)
        case "40001", "40P01":
            return StorageError(
                .serializationFailure,
                reason: "\(message): the transaction conflicted with a concurrent one and was rolled back. "
                    + "Run it again; transactions through SQLDatabase.transaction are retried automatically.",
                database: database, sql: sql, backendCode: code)
        default:
            return StorageError(
                .statementFailed,
                reason: "PostgreSQL rejected the statement: \(message).\(hint) Check the SQL against the schema "
                    + "(have the migrations run?).",
                database: database, sql: sql, backendCode: code)
        }
    }

    /// Whether the server refused a prepared statement because a table it reads changed shape since it was
    /// prepared (SQLSTATE 0A000, "cached plan must not change result type").
    static func isStalePreparedStatement(_ result: OpaquePointer) -> Bool {
        field(sqlStateField, of: result) == "0A000" && field(primaryMessageField, of: result)?.contains("cached plan") == true
    }

    /// `error` for a prepared statement the server refused after a schema change, reported as a conflict so the
    /// transaction runs again (transactions through `SQLDatabase.transaction` do so automatically), and by then the
    /// connection has dropped its prepared statements.
    static func stalePreparedStatement(_ error: StorageError) -> StorageError {
        StorageError(
            .serializationFailure,
            reason: "A table changed shape (ALTER TABLE, a migration) after this connection prepared the statement, "
                + "so PostgreSQL refused it (\(error.reason)). The connection has dropped its prepared statements; "
                + "run the transaction again.",
            database: error.database, sql: error.sql, backendCode: error.backendCode)
    }

    /// The error for a statement whose connection broke: no result, or the connection is now bad.
    static func connectionLost(_ connection: OpaquePointer, sql: String, database: String, step: String) -> StorageError {
        let message = String(cString: PQerrorMessage(connection)).trimmingTrailingNewlines
        return StorageError(
            .connectionLost,
            reason: "The connection to PostgreSQL broke while \(step) (\(message.isEmpty ? "no message" : message)); it may or may not "
                + "have run. The connection is replaced on next use; retry the operation if it is idempotent.",
            database: database, sql: sql)
    }

    private static func field(_ code: UInt8, of result: OpaquePointer) -> String? {
        PQresultErrorField(result, Int32(code)).map { String(cString: $0) }
    }

    // libpq's PG_DIAG_SQLSTATE, PG_DIAG_MESSAGE_PRIMARY, … are character constants, which Swift does not import.
    private static let sqlStateField = UInt8(ascii: "C")
    private static let primaryMessageField = UInt8(ascii: "M")
    private static let detailField = UInt8(ascii: "D")
    private static let hintField = UInt8(ascii: "H")
}

extension String {
    /// The string without the newlines libpq ends its messages with.
    var trimmingTrailingNewlines: String {
        var text = Substring(self)
        while text.last?.isNewline == true { text = text.dropLast() }
        return String(text)
    }
}
