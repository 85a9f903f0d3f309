/// A database operation that failed: what went wrong and how to fix it, which database, and which statement.
///
/// Match on ``code`` to react to a kind of failure; two errors are equal when their codes are equal:
///
/// ```swift
/// do {
///     try await database.execute("INSERT INTO credits (transaction_id) VALUES (?)", [transactionID])
/// } catch let error as StorageError where error.code == .uniqueViolation {
///     // Already credited: the write is idempotent.
/// }
/// ```
public struct StorageError: Error, Equatable, CustomStringConvertible {
    /// The kind of failure.
    public let code: Code
    /// What went wrong and how to fix it, in a sentence or two.
    public let reason: String
    /// The database: a SQLite path, `in-memory SQLite database`, or a PostgreSQL server and database name
    /// (never a password).
    public let database: String
    /// The SQL statement that failed, if one did.
    public let sql: String?
    /// The backend's own code: a SQLite extended result code (`SQLite 2067 (constraint failed)`) or a
    /// PostgreSQL SQLSTATE (`SQLSTATE 23505`).
    public let backendCode: String?

    /// Creates an error; the database layer builds these, and tests and fakes may too.
    public init(_ code: Code, reason: String, database: String, sql: String? = nil, backendCode: String? = nil) {
        self.code = code
        self.reason = reason
        self.database = database
        self.sql = sql
        self.backendCode = backendCode
    }

    /// The reason, followed by the database, the statement and the backend code on their own lines.
    public var description: String {
        var lines = [reason, "  database: \(database)"]
        if let sql { lines.append("  statement: \(sql)") }
        if let backendCode { lines.append("  code: \(backendCode)") }
        return lines.joined(separator: "\n")
    }

    /// Errors are equal when their codes are equal.
    public static func == (lhs: StorageError, rhs: StorageError) -> Bool { lhs.code == rhs.code }

    /// This error with `context` in front of its reason, for failures inside a larger step such as a migration.
    func prefixed(with context: String) -> StorageError {
        StorageError(code, reason: "\(context): \(reason)", database: database, sql: sql, backendCode: backendCode)
    }

    /// Whether this error already says why a transaction cannot go on (the connection is gone, the database is
    /// closed, the server wants the whole transaction retried), so it is reported as it is rather than wrapped.
    var endsTransaction: Bool {
        [.serializationFailure, .connectionLost, .closed, .transactionAborted].contains(code)
    }
}
