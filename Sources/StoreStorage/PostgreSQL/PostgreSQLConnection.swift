import CLibPQ

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One libpq connection (`PGconn*`), connected lazily and replaced when it breaks. Not thread-safe:
/// ``PostgreSQLConnectionPool`` keeps each one behind a `Mutex` and uses it only on its own queue.
final class PostgreSQLConnection: SQLStatementExecutor {
    let databaseDescription: String
    private let connectionString: String
    private let searchPath: String?
    private(set) var handle: OpaquePointer?
    private var isClosed = false
    /// The statements this connection rewrote and prepared; see ``PostgreSQLStatementCache``.
    var statementCache = PostgreSQLStatementCache()
    /// The `BEGIN` of a transaction that has not been sent yet: it travels ahead of the transaction's first
    /// statements, in their round trip.
    var pendingBegin: String?

    init(connectionString: String, address: PostgreSQLServerAddress, searchPath: String?) {
        self.connectionString = connectionString
        self.databaseDescription = address.description
        self.searchPath = searchPath
    }

    deinit { close() }

    var dialect: SQLDialect { .postgresql }

    /// Makes sure the connection is usable before an operation starts: connects if there is no connection, and
    /// replaces one the server closed while it sat idle (a restart, `pg_terminate_backend`, an idle timeout).
    func prepareForUse() throws(StorageError) {
        guard !isClosed else {
            throw StorageError(
                .closed, reason: "The PostgreSQL database was closed; open it again to run statements.",
                database: databaseDescription)
        }
        if let handle {
            let isHealthy =
                PQstatus(handle) == CONNECTION_OK && PQtransactionStatus(handle) == PQTRANS_IDLE
                && !hasUnsolicitedInput(handle)
            if isHealthy { return }
            disconnect()
        }
        try connect()
    }

    /// Whether the server sent something while the connection sat idle. It sends nothing unasked except when it is
    /// going away (a FATAL message, then end of file), so the connection is replaced rather than trusted.
    private func hasUnsolicitedInput(_ handle: OpaquePointer) -> Bool {
        var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) != 0
    }

    private func connect() throws(StorageError) {
        let connection = PQconnectdb(connectionString)
        guard let connection, PQstatus(connection) == CONNECTION_OK else {
            let message = connection.map { String(cString: PQerrorMessage($0)).trimmingTrailingNewlines } ?? "out of memory"
            PQfinish(connection)
            throw StorageError(
                .connectionFailed,
                reason: "Cannot connect to \(databaseDescription): \(message). Check that the server is running and "
                    + "accepts connections at that host and port, and that the user and database exist.",
                database: databaseDescription)
        }
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
        PQsetClientEncoding(connection, "UTF8")
        handle = connection
        do {
            let schemas = searchPath.map { "\"\($0.replacing("\"", with: "\"\""))\"" }
            let sessionSettings = """
                SELECT set_config('bytea_output', 'hex', false),
                       set_config('search_path', COALESCE(?, current_setting('search_path')), false)
                """
            try execute(sessionSettings, [SQLValue(schemas)])
        } catch {
            disconnect()
            throw error
        }
    }

    @discardableResult
    func execute(_ sql: String, _ parameters: [SQLValue]) throws(StorageError) -> Int {
        try run(sql, parameters).result.changedRowCount
    }

    func query(_ sql: String, _ parameters: [SQLValue]) throws(StorageError) -> [SQLRow] {
        try run(sql, parameters).result.rows
    }

    /// Sends the statements together, in one round trip; see ``send(_:)``.
    func pipeline(_ statements: [SQLStatement]) throws(StorageError) -> [SQLStatementResult] {
        try send(statements).map(\.result)
    }

    /// Runs `body` between `BEGIN` and `COMMIT`, rolling back when it throws or the commit fails. `BEGIN` waits to
    /// travel with the first statement.
    func transaction<T>(isolation: SQLIsolation, _ body: (SQLTransaction) throws -> T) throws -> T {
        let level = isolation == .serializable ? "SERIALIZABLE" : "READ COMMITTED"
        pendingBegin = "BEGIN ISOLATION LEVEL \(level)"
        do {
            let value = try SQLTransaction.run(on: self, body)
            let commit = try run("COMMIT", [])
            // A COMMIT of a transaction that had already failed reports success with the tag ROLLBACK.
            guard commit.commandTag == "COMMIT" else {
                throw StorageError(
                    .transactionAborted, reason: "PostgreSQL rolled the transaction back instead of committing it, "
                        + "because a statement in it had failed.", database: databaseDescription, sql: "COMMIT")
            }
            return value
        } catch {
            pendingBegin = nil
            if let handle, PQtransactionStatus(handle) != PQTRANS_IDLE { _ = try? execute("ROLLBACK", []) }
            throw error
        }
    }

    /// Closes the connection for good; later operations throw ``StorageError/Code/closed``.
    func close() {
        isClosed = true
        disconnect()
    }

    /// Closes the server connection (the next operation opens a new one) and forgets its prepared statements.
    func disconnect() {
        PQfinish(handle)
        handle = nil
        statementCache.forgetAll()
    }

    /// Runs one statement. Outside a transaction, one the server refused because a table changed shape since it
    /// was prepared runs again, prepared afresh.
    private func run(_ sql: String, _ parameters: [SQLValue]) throws(StorageError) -> Outcome {
        do {
            return try send([SQLStatement(sql, parameters)])[0]
        } catch where error.code == .serializationFailure && statementCache.needsReset {
            guard let handle, PQtransactionStatus(handle) == PQTRANS_IDLE else { throw error }
            return try send([SQLStatement(sql, parameters)])[0]
        }
    }
}
