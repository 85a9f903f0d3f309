/// One statement with its parameters, for ``SQLTransaction/pipeline(_:)``, which sends several at once.
public struct SQLStatement: Sendable, Hashable {
    /// One statement with `?` placeholders.
    public var sql: String
    /// One value per placeholder, in order.
    public var parameters: [SQLValue]

    /// A statement and its parameters.
    public init(_ sql: String, _ parameters: [SQLValue] = []) {
        self.sql = sql
        self.parameters = parameters
    }
}

/// What one statement of a pipeline returned: its rows (none for most writes) and the rows it changed.
public struct SQLStatementResult: Sendable, Hashable {
    /// The rows it returned: a `SELECT`'s, or a write's `RETURNING` rows.
    public var rows: [SQLRow]
    /// The number of rows it inserted, updated or deleted (0 for other statements).
    public var changedRowCount: Int

    /// A result, as a backend or a test builds it.
    public init(rows: [SQLRow], changedRowCount: Int) {
        self.rows = rows
        self.changedRowCount = changedRowCount
    }
}
