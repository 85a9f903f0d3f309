import CSQLite

/// Prepared statements keyed by their SQL text, so a statement the app runs again skips parsing and planning.
struct SQLiteStatementCache {
    private var statements: [String: OpaquePointer] = [:]
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// The cached statement for `sql`, or a new one from `prepare`, cached. A full cache is emptied first.
    mutating func statement(
        for sql: String, prepare: () throws(StorageError) -> OpaquePointer
    ) throws(StorageError) -> OpaquePointer {
        if let cached = statements[sql] { return cached }
        let statement = try prepare()
        if statements.count >= capacity { finalizeAll() }
        statements[sql] = statement
        return statement
    }

    /// Finalizes and forgets every statement.
    mutating func finalizeAll() {
        for statement in statements.values { sqlite3_finalize(statement) }
        statements.removeAll()
    }
}
