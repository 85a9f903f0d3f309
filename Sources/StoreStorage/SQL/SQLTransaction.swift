/// The synchronous view of a database inside a transaction body, valid only until the body returns.
///
/// The body runs on the database's own thread with the connection to itself, so statements run one after
/// another with no `await`:
///
/// ```swift
/// let balance = try await database.transaction { transaction in
///     let row = try transaction.queryFirst("SELECT balance FROM wallets WHERE user_id = ?", [user])
///     let balance = try row?.int64("balance") ?? 0
///     try transaction.execute("UPDATE wallets SET balance = ? WHERE user_id = ?", [.integer(balance + 10), user])
///     return balance + 10
/// }
/// ```
///
/// **One failed statement ends the transaction.** PostgreSQL refuses every statement after a failed one until
/// the transaction rolls back; Tienda applies the same rule on SQLite, so code tested on SQLite behaves the same
/// on PostgreSQL. To carry on after a failure you expect, run the statement in ``savepoint(_:)``, or avoid the
/// failure with `INSERT … ON CONFLICT DO NOTHING` and check the changed-row count.
public final class SQLTransaction {
    private let executor: any SQLStatementExecutor
    private var isOpen = true
    private var savepointDepth = 0
    private var firstFailure: StorageError?

    init(executor: any SQLStatementExecutor) {
        self.executor = executor
    }

    /// The SQL the database speaks.
    public var dialect: SQLDialect { executor.dialect }

    /// Runs one statement and returns the number of rows it inserted, updated or deleted (0 for other statements).
    /// - Parameters:
    ///   - sql: One statement with `?` placeholders.
    ///   - parameters: One value per placeholder, in order.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [SQLValue] = []) throws(StorageError) -> Int {
        try checked(sql) { () throws(StorageError) in try executor.execute(sql, parameters) }
    }

    /// Runs one statement and returns its rows.
    /// - Parameters:
    ///   - sql: One statement with `?` placeholders, typically a `SELECT` or a write with `RETURNING`.
    ///   - parameters: One value per placeholder, in order.
    public func query(_ sql: String, _ parameters: [SQLValue] = []) throws(StorageError) -> [SQLRow] {
        try checked(sql) { () throws(StorageError) in try executor.query(sql, parameters) }
    }

    /// Runs one statement and returns what `read` makes of each row, which it reads in place by column position
    /// (``SQLColumns``) rather than as a ``SQLRow``: for queries whose rows are many and read once.
    /// - Parameters:
    ///   - sql: One statement with `?` placeholders.
    ///   - parameters: One value per placeholder, in order.
    ///   - read: Reads one row; the ``SQLColumns`` it is given is valid only while it runs.
    public func map<T>(
        _ sql: String, _ parameters: [SQLValue] = [], _ read: (SQLColumns) throws(StorageError) -> T
    ) throws(StorageError) -> [T] {
        try checked(sql) { () throws(StorageError) in try executor.map(sql, parameters, read) }
    }

    /// Runs one statement and returns its first row, or `nil` when it returns none.
    public func queryFirst(_ sql: String, _ parameters: [SQLValue] = []) throws(StorageError) -> SQLRow? {
        try query(sql, parameters).first
    }

    /// Runs `statements` in order and returns each one's result, in order.
    ///
    /// On PostgreSQL they travel together (libpq's pipeline mode): the server runs them back to back and the whole
    /// list costs one round trip instead of one per statement. On SQLite, which has no round trips, they run one
    /// after another. Use it for statements whose parameters do not depend on each other's results:
    ///
    /// ```swift
    /// let results = try transaction.pipeline([
    ///     SQLStatement("INSERT INTO credits (transaction_id, amount) VALUES (?, ?) ON CONFLICT DO NOTHING", [id, 10]),
    ///     SQLStatement("UPDATE wallets SET balance = balance + ? WHERE user_id = ?", [10, user]),
    ///     SQLStatement("SELECT balance FROM wallets WHERE user_id = ?", [user]),
    /// ])
    /// let credited = results[0].changedRowCount == 1
    /// ```
    ///
    /// When one statement fails, none after it runs and its error is thrown, saying which one it was. As with any
    /// failed statement, the transaction can then only roll back (or the enclosing ``savepoint(_:)`` does).
    public func pipeline(_ statements: [SQLStatement]) throws(StorageError) -> [SQLStatementResult] {
        guard let first = statements.first else { return [] }
        return try checked(first.sql) { () throws(StorageError) in try executor.pipeline(statements) }
    }

    /// Runs `body` inside a savepoint: when it throws, or a statement in it fails, only its own statements roll
    /// back, the error is rethrown, and the transaction carries on as it was before. Savepoints nest.
    public func savepoint<T>(_ body: () throws -> T) throws -> T {
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let name = "tienda_savepoint_\(savepointDepth)"
        try execute("SAVEPOINT \(name)")
        do {
            let value = try body()
            // A statement failed and the body carried on: the savepoint still has to roll back.
            if let failure = firstFailure { throw failure }
            try execute("RELEASE SAVEPOINT \(name)")
            return value
        } catch {
            do {
                try executor.execute("ROLLBACK TO SAVEPOINT \(name)", [])
                try executor.execute("RELEASE SAVEPOINT \(name)", [])
            } catch let rollbackError {
                firstFailure = firstFailure ?? rollbackError
                throw StorageError(
                    .transactionAborted,
                    reason: "Could not roll back to a savepoint after \(error); the whole transaction must roll back. "
                        + "Rolling back failed with: \(rollbackError.reason)",
                    database: executor.databaseDescription, sql: rollbackError.sql, backendCode: rollbackError.backendCode)
            }
            firstFailure = nil
            throw error
        }
    }

    /// Whether statements can still run: the body has not returned and no statement failed outside a savepoint
    /// that rolled back.
    var canContinue: Bool { isOpen && firstFailure == nil }

    /// Runs `body` with a new transaction over `executor` and closes the transaction when the body returns.
    /// The caller begins the transaction before and commits or rolls back after.
    /// - Throws: The body's error, or ``StorageError/Code/transactionAborted`` when the body returned normally
    ///   after a statement failed.
    static func run<T>(on executor: any SQLStatementExecutor, _ body: (SQLTransaction) throws -> T) throws -> T {
        let transaction = SQLTransaction(executor: executor)
        defer { transaction.isOpen = false }
        let value = try body(transaction)
        if let failure = transaction.firstFailure { throw transaction.aborted(after: failure, at: nil) }
        return value
    }

    private func checked<R>(_ sql: String, _ statement: () throws(StorageError) -> R) throws(StorageError) -> R {
        guard isOpen else {
            throw StorageError(
                .invalidStatement,
                reason: "This transaction has ended: its body returned. Run the statement in a new transaction.",
                database: executor.databaseDescription, sql: sql)
        }
        if let firstFailure { throw aborted(after: firstFailure, at: sql) }
        do {
            return try statement()
        } catch {
            firstFailure = error
            throw error
        }
    }

    private func aborted(after failure: StorageError, at sql: String?) -> StorageError {
        if failure.endsTransaction { return failure }
        return StorageError(
            .transactionAborted,
            reason: "The transaction cannot continue because an earlier statement failed (\(failure.code): "
                + "\(failure.reason)\(failure.sql.map { " in: \($0)" } ?? "")). PostgreSQL ends a transaction at its "
                + "first failed statement, and Tienda applies the same rule on SQLite. Run a statement whose failure "
                + "you handle inside transaction.savepoint { … }, or avoid it with INSERT … ON CONFLICT DO NOTHING.",
            database: executor.databaseDescription, sql: sql, backendCode: failure.backendCode)
    }
}

/// A transaction belongs to the thread running its body; it must not be sent anywhere else.
@available(*, unavailable)
extension SQLTransaction: Sendable {}
