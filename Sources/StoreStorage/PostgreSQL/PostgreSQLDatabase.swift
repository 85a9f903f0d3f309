/// A PostgreSQL database reached through libpq: Tienda's store at scale, shared by several stateless servers.
///
/// The database keeps a pool of connections. libpq calls block, so each connection has its own serial dispatch
/// queue and callers suspend on a continuation while it works; Swift's cooperative pool never blocks. A
/// transaction keeps one connection from `BEGIN` to `COMMIT`.
///
/// Connections open on first use. One the server closed while idle (a restart, a failover, an idle timeout) is
/// replaced before the next operation; one that breaks during a statement fails that operation with
/// ``StorageError/Code/connectionLost`` and is replaced on next use. When the server is down, operations fail
/// with ``StorageError/Code/connectionFailed`` naming the host and port, never the password.
///
/// Parameters travel as `bigint` (integers), `double precision` (reals), `bytea` (blobs), and untyped text that
/// the server reads as whatever the context needs (`text`, `timestamptz`, `uuid`, `jsonb`). Where PostgreSQL
/// wants a narrower type, such as a function taking `integer`, write `CAST(? AS INTEGER)`, which SQLite accepts
/// too. Store flags as `INTEGER` 0/1 rather than `BOOLEAN`, so the same statements run on both backends.
///
/// Statements travel in libpq's pipeline mode, so ``SQLTransaction/pipeline(_:)`` sends a list of them in one round
/// trip, and each connection prepares the queries and data changes it runs (once per list of parameter types, in
/// the round trip of their first execution). When a table changes shape under a prepared statement (`ALTER
/// TABLE`), the connection drops its prepared statements and the operation runs again.
///
/// Transactions are ``SQLIsolation/serializable`` unless asked otherwise, and a transaction that loses a race
/// with another (SQLSTATE 40001) or a deadlock (40P01) runs again after a short random pause, up to
/// `maximumTransactionAttempts` times.
public final class PostgreSQLDatabase: SQLDatabase {
    /// The server and database, such as `PostgreSQL at 127.0.0.1:5432, database tienda, user postgres`; never
    /// the password.
    public let description: String
    /// How many times a transaction runs before a serialization failure is reported to the caller.
    public let maximumTransactionAttempts: Int
    private let pool: PostgreSQLConnectionPool

    /// Prepares a pool of connections to the server; nothing connects until the first operation.
    /// - Parameters:
    ///   - connectionString: A libpq connection string: a URI such as `postgresql://user:password@host:5432/tienda`
    ///     or `key=value` pairs. Add `connect_timeout=5` (`?connect_timeout=5` in a URI) so an unreachable host
    ///     fails in seconds rather than after the system's TCP timeout.
    ///   - poolSize: How many connections to keep; operations beyond that wait for a free one.
    ///   - searchPath: A schema to make each connection's `search_path`, so unqualified table names resolve there;
    ///     `nil` keeps the server's default. The schema must exist.
    ///   - maximumTransactionAttempts: How many times a serializable transaction runs before a conflict is
    ///     reported as ``StorageError/Code/serializationFailure``.
    /// - Throws: ``StorageError/Code/invalidConfiguration`` for a malformed connection string or a pool of no
    ///   connections.
    public init(
        connectionString: String, poolSize: Int = 4, searchPath: String? = nil, maximumTransactionAttempts: Int = 50
    ) throws(StorageError) {
        let address = try PostgreSQLServerAddress(connectionString: connectionString)
        guard poolSize > 0, maximumTransactionAttempts > 0 else {
            throw StorageError(
                .invalidConfiguration,
                reason: "A PostgreSQL pool needs at least one connection and one transaction attempt "
                    + "(got poolSize \(poolSize), maximumTransactionAttempts \(maximumTransactionAttempts)).",
                database: address.description)
        }
        description = address.description
        self.maximumTransactionAttempts = maximumTransactionAttempts
        pool = PostgreSQLConnectionPool(size: poolSize) {
            PostgreSQLConnection(connectionString: connectionString, address: address, searchPath: searchPath)
        }
    }

    /// Always ``SQLDialect/postgresql``.
    public var dialect: SQLDialect { .postgresql }

    /// Runs one statement in its own transaction; see ``SQLDatabase/execute(_:_:)``.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [SQLValue]) async throws(StorageError) -> Int {
        try await pool.withConnection { (connection) throws(StorageError) in
            try connection.prepareForUse()
            return try connection.execute(sql, parameters)
        }
    }

    /// Runs one statement in its own transaction and returns its rows; see ``SQLDatabase/query(_:_:)``.
    public func query(_ sql: String, _ parameters: [SQLValue]) async throws(StorageError) -> [SQLRow] {
        try await pool.withConnection { (connection) throws(StorageError) in
            try connection.prepareForUse()
            return try connection.query(sql, parameters)
        }
    }

    /// Runs `body` in a transaction on one pooled connection, again after a serialization failure or deadlock;
    /// see ``SQLDatabase/transaction(isolation:_:)``.
    @discardableResult
    public func transaction<T: Sendable>(
        isolation: SQLIsolation, _ body: @escaping @Sendable (SQLTransaction) throws -> T
    ) async throws -> T {
        var attempt = 1
        while true {
            do {
                return try await pool.withConnection { connection in
                    try connection.prepareForUse()
                    return try connection.transaction(isolation: isolation, body)
                }
            } catch let error as StorageError where error.code == .serializationFailure {
                guard attempt < maximumTransactionAttempts else {
                    throw error.prefixed(with: "The transaction conflicted with concurrent ones on all \(attempt) attempts")
                }
                attempt += 1
                try? await Task.sleep(for: .milliseconds(Int.random(in: 0...min(1 << attempt, 100))))
            }
        }
    }

    /// Closes every connection once its current work finishes.
    public func close() async {
        await pool.close()
    }
}
