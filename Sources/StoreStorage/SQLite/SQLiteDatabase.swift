/// A SQLite database, in a file or in memory: Tienda's default store.
///
/// The database opens one connection in write-ahead-log mode with foreign keys on, a busy timeout and the
/// configured durability. The connection (a `sqlite3*`) lives in a `Mutex` and is used only on the database's
/// own serial dispatch queue, so the type is `Sendable`, blocking calls and `fsync` never run on Swift's
/// cooperative pool, and work runs one job at a time in submission order: a transaction is never interleaved
/// with another statement from this process. Transactions begin with `BEGIN IMMEDIATE`, taking the write lock up
/// front so they never fail half-way because another process started writing.
///
/// For many small concurrent writes that must each be durable before they are acknowledged, send them through
/// a ``WriteBatcher``: it commits them in shared transactions, one `fsync` per batch.
public final class SQLiteDatabase: SQLDatabase {
    /// The file path, or `nil` for an in-memory database.
    public let path: String?
    /// How the database was opened.
    public let configuration: Configuration
    /// The VFS SQLite opened the file with, with those below it (`tienda-coalescing/unix` on Linux when
    /// ``Configuration/coalescesWrites`` is on, `unix` when it is off); `nil` in memory.
    public let vfsName: String?
    let connection: SerialConnection<SQLiteConnection>

    /// Opens (and creates if needed) the database file at `path`.
    /// - Throws: ``StorageError/Code/openFailed`` when the file cannot be opened or configured, for example
    ///   because its directory does not exist.
    public convenience init(path: String, configuration: Configuration = Configuration()) throws(StorageError) {
        try self.init(path: path, location: path, configuration: configuration)
    }

    /// A new, empty database that lives in memory and disappears when the value is released or closed. Each
    /// call returns an independent database.
    public static func inMemory(configuration: Configuration = Configuration()) throws(StorageError) -> SQLiteDatabase {
        try SQLiteDatabase(path: nil, location: ":memory:", configuration: configuration)
    }

    private init(path: String?, location: String, configuration: Configuration) throws(StorageError) {
        self.path = path
        self.configuration = configuration
        let opened = try SQLiteConnection(location: location, configuration: configuration)
        self.vfsName = opened.vfsName
        self.connection = SerialConnection(label: "tienda.sqlite", connection: opened)
    }

    /// `SQLite database at <path>`, or `in-memory SQLite database`.
    public var description: String { path.map { "SQLite database at \($0)" } ?? "in-memory SQLite database" }

    /// Always ``SQLDialect/sqlite``.
    public var dialect: SQLDialect { .sqlite }

    /// Runs one statement in its own transaction; see ``SQLDatabase/execute(_:_:)``.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [SQLValue]) async throws(StorageError) -> Int {
        try await connection.run { (connection) throws(StorageError) in try connection.execute(sql, parameters) }
    }

    /// Runs one statement in its own transaction and returns its rows; see ``SQLDatabase/query(_:_:)``.
    public func query(_ sql: String, _ parameters: [SQLValue]) async throws(StorageError) -> [SQLRow] {
        try await connection.run { (connection) throws(StorageError) in try connection.query(sql, parameters) }
    }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction; see ``SQLDatabase/transaction(isolation:_:)``. SQLite
    /// has one writer at a time, so every transaction is serializable and the body runs exactly once.
    @discardableResult
    public func transaction<T: Sendable>(
        isolation: SQLIsolation, _ body: @escaping @Sendable (SQLTransaction) throws -> T
    ) async throws -> T {
        try await connection.run { connection in try connection.transaction(body) }
    }

    /// Closes the connection after the work already submitted; a file database checkpoints its log first.
    public func close() async {
        await connection.run { connection in connection.close() }
    }
}
