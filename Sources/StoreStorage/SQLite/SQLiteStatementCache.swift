import CSQLite

/// Prepared statements keyed by their SQL text, so a statement the app runs again skips parsing and planning.
///
/// The statements used last are also kept in a short list compared before the dictionary is consulted: the same
/// SQL string passed again (a literal or a stored constant) compares equal at once by its storage, so the
/// statements a hot loop runs in turn skip hashing their SQL text on every call.
struct SQLiteStatementCache {
    private var statements: [String: OpaquePointer] = [:]
    private let capacity: Int
    /// The statements used last, most recent first replaced in turn.
    private var recent: [(sql: String, statement: OpaquePointer)] = []
    private var nextRecentSlot = 0
    private static let recentCapacity = 8

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// The cached statement for `sql`, or a new one from `prepare`, cached. A full cache is emptied first.
    mutating func statement(
        for sql: String, prepare: () throws(StorageError) -> OpaquePointer
    ) throws(StorageError) -> OpaquePointer {
        // Lengths first: a string compared with another of the same storage is equal at once, but with a different
        // one it is compared byte by byte, and most entries here differ from `sql` in length.
        let length = sql.utf8.count
        for entry in recent where entry.sql.utf8.count == length && entry.sql == sql { return entry.statement }
        let statement: OpaquePointer
        if let cached = statements[sql] {
            statement = cached
        } else {
            statement = try prepare()
            if statements.count >= capacity { finalizeAll() }
            statements[sql] = statement
        }
        if recent.count < Self.recentCapacity {
            recent.append((sql, statement))
        } else {
            recent[nextRecentSlot] = (sql, statement)
            nextRecentSlot = (nextRecentSlot + 1) % Self.recentCapacity
        }
        return statement
    }

    /// Finalizes and forgets every statement.
    mutating func finalizeAll() {
        for statement in statements.values { sqlite3_finalize(statement) }
        statements.removeAll()
        recent.removeAll()
        nextRecentSlot = 0
    }
}
