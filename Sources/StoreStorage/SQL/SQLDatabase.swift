/// A SQL database the engine and the entitlement server share: SQLite by default, PostgreSQL at scale.
///
/// Statements use `?` placeholders on both backends. Each `execute` or `query` outside a transaction commits
/// on its own. A transaction body is synchronous and runs on the database's own thread with the connection to
/// itself; it commits when the body returns and rolls back when it throws:
///
/// ```swift
/// let database = try SQLiteDatabase(path: "state/store.sqlite")
/// try await database.migrate(StoreSchema.migrations)
/// let changed = try await database.execute(
///     "INSERT INTO notifications (uuid, payload) VALUES (?, ?) ON CONFLICT (uuid) DO NOTHING", [uuid, .blob(body)])
/// let isNew = changed == 1
/// ```
///
/// Blocking C calls run on threads the database owns, never on Swift's cooperative pool. Cancelling the calling
/// task does not interrupt a statement: the call returns once the database has finished, so a write that
/// returns normally was committed.
public protocol SQLDatabase: Sendable, CustomStringConvertible {
    /// The database as messages name it: a SQLite path, or a PostgreSQL host, port and database (no password).
    var description: String { get }

    /// The SQL the database speaks.
    var dialect: SQLDialect { get }

    /// Runs one statement in its own transaction and returns the number of rows it inserted, updated or deleted
    /// (0 for other statements).
    /// - Parameters:
    ///   - sql: One statement with `?` placeholders.
    ///   - parameters: One value per placeholder, in order.
    @discardableResult
    func execute(_ sql: String, _ parameters: [SQLValue]) async throws(StorageError) -> Int

    /// Runs one statement in its own transaction and returns its rows.
    /// - Parameters:
    ///   - sql: One statement with `?` placeholders, typically a `SELECT` or a write with `RETURNING`.
    ///   - parameters: One value per placeholder, in order.
    func query(_ sql: String, _ parameters: [SQLValue]) async throws(StorageError) -> [SQLRow]

    /// Runs `body` in a transaction that commits when it returns and rolls back when it throws.
    ///
    /// The body runs on the database's own thread with exclusive use of a connection. With
    /// ``SQLIsolation/serializable`` the outcome is as if no other transaction ran at the same time; on
    /// PostgreSQL that may mean running the body again after a conflict, so keep its effects inside the
    /// transaction.
    /// - Parameters:
    ///   - isolation: How the transaction is isolated from concurrent ones on PostgreSQL.
    ///   - body: The statements to run; its result is returned after the commit.
    /// - Returns: The body's result, once the commit is durable.
    /// - Throws: The body's error after rolling back, or a ``StorageError``.
    @discardableResult
    func transaction<T: Sendable>(
        isolation: SQLIsolation, _ body: @escaping @Sendable (SQLTransaction) throws -> T
    ) async throws -> T

    /// Closes the database's connections once the work already submitted finishes. Later calls throw
    /// ``StorageError/Code/closed``.
    func close() async
}

extension SQLDatabase {
    /// Runs a statement that takes no parameters; see ``execute(_:_:)``.
    @discardableResult
    public func execute(_ sql: String) async throws(StorageError) -> Int {
        try await execute(sql, [])
    }

    /// Runs a query that takes no parameters; see ``query(_:_:)``.
    public func query(_ sql: String) async throws(StorageError) -> [SQLRow] {
        try await query(sql, [])
    }

    /// Runs a query and returns its first row, or `nil` when it returns none.
    public func queryFirst(_ sql: String, _ parameters: [SQLValue] = []) async throws(StorageError) -> SQLRow? {
        try await query(sql, parameters).first
    }

    /// Runs `body` in a serializable transaction; see ``transaction(isolation:_:)``.
    @discardableResult
    public func transaction<T: Sendable>(_ body: @escaping @Sendable (SQLTransaction) throws -> T) async throws -> T {
        try await transaction(isolation: .serializable, body)
    }
}
