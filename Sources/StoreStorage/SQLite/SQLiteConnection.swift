import CSQLite
import CSQLiteVFS

/// One open `sqlite3*` handle with its prepared-statement cache. Not thread-safe: ``SQLiteDatabase`` keeps it
/// behind a `Mutex` and uses it only on its own queue.
final class SQLiteConnection: SQLStatementExecutor {
    let databaseDescription: String
    /// The VFS the file was opened with, as SQLite names it; `nil` in memory.
    let vfsName: String?
    private var handle: OpaquePointer?
    private var statements: SQLiteStatementCache

    /// Opens `location` (a path or `:memory:`) and applies the configuration's pragmas.
    init(location: String, configuration: SQLiteDatabase.Configuration) throws(StorageError) {
        let isInMemory = location == ":memory:"
        databaseDescription = isInMemory ? "in-memory SQLite database" : "SQLite database at \(location)"
        statements = SQLiteStatementCache(capacity: configuration.statementCacheCapacity)
        _ = Self.libraryPrepared
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let status: Int32
        if !isInMemory, configuration.coalescesWrites, let vfs = Self.coalescingVFS {
            status = sqlite3_open_v2(location, &opened, flags, vfs)
        } else {
            status = sqlite3_open_v2(location, &opened, flags, nil)
        }
        guard status == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close_v2(opened)
            throw StorageError(
                .openFailed,
                reason: "Cannot open the SQLite database at \(location): \(message). "
                    + "Check that its directory exists and that this process may write to it.",
                database: databaseDescription, backendCode: SQLiteFailure.codeDescription(status))
        }
        handle = opened
        vfsName = isInMemory ? nil : Self.vfsName(of: opened)
        do {
            try configure(configuration, isInMemory: isInMemory)
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// The library's process-wide settings, made once before the first connection opens: no memory statistics
    /// (nothing reads them, and keeping them takes a process-wide mutex around each of SQLite's allocations).
    private static let libraryPrepared: Void = { _ = tienda_sqlite3_disable_memory_statistics() }()

    /// The name of the VFS that writes runs of contiguous log frames and checkpoint pages in one system call each
    /// (``SQLiteDatabase/Configuration/coalescesWrites``), registered the first time it is asked for; `nil`, and
    /// files opened with the default VFS alone, should it fail to register.
    private static let coalescingVFS: String? = {
        _ = libraryPrepared
        guard tienda_sqlite3_register_coalescing_vfs() == SQLITE_OK else { return nil }
        return String(cString: tienda_sqlite3_coalescing_vfs_name)
    }()

    /// The names of the main database file's VFS and of those below it, from the top, separated by `/`: what it
    /// answers to `SQLITE_FCNTL_VFSNAME`, or the name of the connection's VFS when it does not answer (SQLite's
    /// default VFS does not).
    private static func vfsName(of handle: OpaquePointer) -> String? {
        var name: UnsafeMutablePointer<CChar>?
        if sqlite3_file_control(handle, "main", SQLITE_FCNTL_VFSNAME, &name) == SQLITE_OK, let name {
            defer { sqlite3_free(name) }
            return String(cString: name)
        }
        var vfs: UnsafeMutablePointer<sqlite3_vfs>?
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_VFS_POINTER, &vfs) == SQLITE_OK,
            let vfs, let vfsName = vfs.pointee.zName
        else { return nil }
        return String(cString: vfsName)
    }

    var dialect: SQLDialect { .sqlite }

    private func configure(_ configuration: SQLiteDatabase.Configuration, isInMemory: Bool) throws(StorageError) {
        let (seconds, attoseconds) = configuration.busyTimeout.components
        sqlite3_busy_timeout(handle, Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000))
        let journalMode = try query("PRAGMA journal_mode = WAL", []).first?.values.first
        if !isInMemory && journalMode != .text("wal") {
            throw StorageError(
                .openFailed,
                reason: "SQLite could not switch \(databaseDescription) to write-ahead logging (journal mode is "
                    + "\(journalMode ?? .null)). WAL needs a local file system with shared memory; "
                    + "move the database off network storage.",
                database: databaseDescription)
        }
        try execute("PRAGMA synchronous = \(configuration.durability.pragmaValue)", [])
        try execute("PRAGMA foreign_keys = ON", [])
        // Statement journals (the pages a multi-row statement changed, kept to undo it alone) and temporary tables
        // stay in memory. On a file, a journal past 64 KiB spills to a new temporary file, written and then deleted
        // with every large statement: about a tenth of the engine's writes in a month of renewals.
        try execute("PRAGMA temp_store = MEMORY", [])
    }

    @discardableResult
    func execute(_ sql: String, _ parameters: [SQLValue]) throws(StorageError) -> Int {
        try withStatement(sql, parameters) { statement, handle throws(StorageError) in
            let totalBefore = sqlite3_total_changes64(handle)
            while try statement.step() {}
            return changes(since: totalBefore, on: handle)
        }
    }

    func query(_ sql: String, _ parameters: [SQLValue]) throws(StorageError) -> [SQLRow] {
        try withStatement(sql, parameters) { statement, _ throws(StorageError) in try rows(of: statement) }
    }

    func map<T>(
        _ sql: String, _ parameters: [SQLValue], _ read: (SQLColumns) throws(StorageError) -> T
    ) throws(StorageError) -> [T] {
        try withStatement(sql, parameters) { statement, _ throws(StorageError) in
            var values: [T] = []
            let columns = SQLColumns(statement: statement.pointer, database: databaseDescription)
            while try statement.step() { values.append(try read(columns)) }
            return values
        }
    }

    /// Runs the statements one after another: SQLite has no round trips to save.
    func pipeline(_ statements: [SQLStatement]) throws(StorageError) -> [SQLStatementResult] {
        var results: [SQLStatementResult] = []
        results.reserveCapacity(statements.count)
        for (index, statement) in statements.enumerated() {
            do {
                results.append(try result(of: statement))
            } catch {
                throw error.inPipeline(at: index, of: statements.count)
            }
        }
        return results
    }

    private func result(of statement: SQLStatement) throws(StorageError) -> SQLStatementResult {
        try withStatement(statement.sql, statement.parameters) { prepared, handle throws(StorageError) in
            let totalBefore = sqlite3_total_changes64(handle)
            let rows = try rows(of: prepared)
            return SQLStatementResult(rows: rows, changedRowCount: changes(since: totalBefore, on: handle))
        }
    }

    /// Prepares `sql` (or takes it from the cache), binds `parameters`, runs `body` with the statement and its
    /// connection handle, then resets the statement and frees its bound bytes.
    private func withStatement<T>(
        _ sql: String, _ parameters: [SQLValue], _ body: (SQLiteStatement, OpaquePointer) throws(StorageError) -> T
    ) throws(StorageError) -> T {
        let handle = try openHandle(for: sql)
        let statement = try prepared(sql, on: handle)
        let bound = try statement.bind(parameters)
        defer {
            statement.reset()
            bound.release()
        }
        return try body(statement, handle)
    }

    /// Steps a bound statement to its end, collecting its rows.
    private func rows(of statement: SQLiteStatement) throws(StorageError) -> [SQLRow] {
        var rows: [SQLRow] = []
        // Column names are read after the first step: a cached statement whose table changed shape (`ALTER TABLE`)
        // is prepared again by that step, and `SELECT *` then has the new columns.
        var columns: [String]?
        while try statement.step() {
            let names = columns ?? statement.columnNames()
            columns = names
            rows.append(SQLRow(columns: names, values: statement.rowValues(), database: databaseDescription))
        }
        return rows
    }

    /// The rows the last statement changed, or 0 when it changed none (`sqlite3_changes64` keeps the count of the
    /// last `INSERT`, `UPDATE` or `DELETE`, even after other statements).
    private func changes(since totalBefore: Int64, on handle: OpaquePointer) -> Int {
        sqlite3_total_changes64(handle) == totalBefore ? 0 : Int(sqlite3_changes64(handle))
    }

    /// Runs `body` between `BEGIN IMMEDIATE` and `COMMIT`, rolling back when it throws or the commit fails.
    func transaction<T>(_ body: (SQLTransaction) throws -> T) throws -> T {
        let handle = try openHandle(for: "BEGIN IMMEDIATE")
        if sqlite3_get_autocommit(handle) == 0 { rollBack() }
        try execute("BEGIN IMMEDIATE", [])
        do {
            let value = try SQLTransaction.run(on: self, body)
            try execute("COMMIT", [])
            return value
        } catch {
            rollBack()
            throw error
        }
    }

    /// Rolls back the open transaction, if SQLite has not already done so.
    private func rollBack() {
        guard let handle, sqlite3_get_autocommit(handle) == 0 else { return }
        _ = try? execute("ROLLBACK", [])
    }

    /// Finalizes every statement and closes the handle; later calls throw ``StorageError/Code/closed``.
    func close() {
        guard let handle else { return }
        statements.finalizeAll()
        sqlite3_close_v2(handle)
        self.handle = nil
    }

    private func openHandle(for sql: String) throws(StorageError) -> OpaquePointer {
        guard let handle else {
            throw StorageError(
                .closed, reason: "The SQLite database was closed; open it again to run statements.",
                database: databaseDescription, sql: sql)
        }
        return handle
    }

    private func prepared(_ sql: String, on handle: OpaquePointer) throws(StorageError) -> SQLiteStatement {
        let pointer = try statements.statement(for: sql) { () throws(StorageError) in
            try SQLiteStatement.prepare(sql, on: handle, database: databaseDescription)
        }
        return SQLiteStatement(pointer: pointer, handle: handle, sql: sql, database: databaseDescription)
    }
}
