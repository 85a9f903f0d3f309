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
    private var handle: OpaquePointer?
    private var isClosed = false
    private var rewrittenStatements: [String: PostgreSQLPlaceholders] = [:]

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
        let result = try run(sql, parameters)
        defer { PQclear(result.pointer) }
        return result.changedRowCount
    }

    func query(_ sql: String, _ parameters: [SQLValue]) throws(StorageError) -> [SQLRow] {
        let result = try run(sql, parameters)
        defer { PQclear(result.pointer) }
        return result.rows(database: databaseDescription)
    }

    /// Runs `body` between `BEGIN` and `COMMIT`, rolling back when it throws or the commit fails.
    func transaction<T>(isolation: SQLIsolation, _ body: (SQLTransaction) throws -> T) throws -> T {
        let level = isolation == .serializable ? "SERIALIZABLE" : "READ COMMITTED"
        try execute("BEGIN ISOLATION LEVEL \(level)", [])
        do {
            let value = try SQLTransaction.run(on: self, body)
            let commit = try run("COMMIT", [])
            defer { PQclear(commit.pointer) }
            // A COMMIT of a transaction that had already failed reports success with the tag ROLLBACK.
            guard commit.commandTag == "COMMIT" else {
                throw StorageError(
                    .transactionAborted, reason: "PostgreSQL rolled the transaction back instead of committing it, "
                        + "because a statement in it had failed.", database: databaseDescription, sql: "COMMIT")
            }
            return value
        } catch {
            if let handle, PQtransactionStatus(handle) != PQTRANS_IDLE { _ = try? execute("ROLLBACK", []) }
            throw error
        }
    }

    /// Closes the connection for good; later operations throw ``StorageError/Code/closed``.
    func close() {
        isClosed = true
        disconnect()
    }

    private func disconnect() {
        PQfinish(handle)
        handle = nil
    }

    private func run(_ sql: String, _ parameters: [SQLValue]) throws(StorageError) -> PostgreSQLResult {
        guard let handle else {
            throw StorageError(
                .connectionLost, reason: "The connection to PostgreSQL broke earlier in this operation.",
                database: databaseDescription, sql: sql)
        }
        let statement = rewritten(sql)
        guard statement.count == parameters.count else {
            throw StorageError(
                .invalidStatement,
                reason: "The statement has \(statement.count) placeholder(s) but \(parameters.count) parameter(s) were "
                    + "given. Pass one value per ?.",
                database: databaseDescription, sql: sql)
        }
        let values = try PostgreSQLParameters(parameters, sql: sql, database: databaseDescription)
        let result = values.withValuePointers { pointers in
            PQexecParams(handle, statement.sql, Int32(parameters.count), values.types, pointers, values.lengths, values.formats, 0)
        }
        guard let result, PQstatus(handle) == CONNECTION_OK else {
            let error = PostgreSQLFailure.connectionLost(handle, sql: sql, database: databaseDescription)
            PQclear(result)
            disconnect()
            throw error
        }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
            return PostgreSQLResult(pointer: result)
        case PGRES_EMPTY_QUERY:
            PQclear(result)
            throw StorageError(
                .invalidStatement, reason: "The SQL holds no statement. Pass one statement per call.",
                database: databaseDescription, sql: sql)
        default:
            let error = PostgreSQLFailure.error(in: result, sql: sql, database: databaseDescription)
            PQclear(result)
            throw error
        }
    }

    private func rewritten(_ sql: String) -> PostgreSQLPlaceholders {
        if let cached = rewrittenStatements[sql] { return cached }
        let statement = PostgreSQLPlaceholders(rewriting: sql)
        if rewrittenStatements.count >= 512 { rewrittenStatements.removeAll() }
        rewrittenStatements[sql] = statement
        return statement
    }
}
