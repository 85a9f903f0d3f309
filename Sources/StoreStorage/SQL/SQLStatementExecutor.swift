/// A backend connection that runs one statement at a time, synchronously, on the thread that owns it.
/// ``SQLTransaction`` wraps one for the body of a transaction.
protocol SQLStatementExecutor: AnyObject {
    /// The SQL the connection speaks.
    var dialect: SQLDialect { get }
    /// The database, as error messages name it.
    var databaseDescription: String { get }
    /// Runs a statement and returns the number of rows it inserted, updated or deleted.
    @discardableResult
    func execute(_ sql: String, _ parameters: [SQLValue]) throws(StorageError) -> Int
    /// Runs a statement and returns its rows.
    func query(_ sql: String, _ parameters: [SQLValue]) throws(StorageError) -> [SQLRow]
    /// Runs a statement and returns what `read` makes of each row, read in place.
    func map<T>(
        _ sql: String, _ parameters: [SQLValue], _ read: (SQLColumns) throws(StorageError) -> T
    ) throws(StorageError) -> [T]
    /// Runs the statements in order, as one round trip where the backend can, and returns each one's result.
    /// When one fails, none after it runs and its error is thrown.
    func pipeline(_ statements: [SQLStatement]) throws(StorageError) -> [SQLStatementResult]
}

extension SQLStatementExecutor {
    /// ``map(_:_:_:)`` over the rows ``query(_:_:)`` returns, for backends that receive whole results anyway.
    func map<T>(
        _ sql: String, _ parameters: [SQLValue], _ read: (SQLColumns) throws(StorageError) -> T
    ) throws(StorageError) -> [T] {
        var values: [T] = []
        for row in try query(sql, parameters) { values.append(try read(SQLColumns(row: row, database: databaseDescription))) }
        return values
    }
}

extension StorageError {
    /// This error of statement `index` (from 0) of a pipeline of `count`, saying that the rest did not run.
    func inPipeline(at index: Int, of count: Int) -> StorageError {
        guard count > 1 else { return self }
        let rest = count - index - 1
        return StorageError(
            code,
            reason: "\(reason) (Statement \(index + 1) of \(count) sent together; "
                + (rest == 0 ? "it was the last" : "the \(rest) after it did not run") + ", and the transaction can only roll back.)",
            database: database, sql: sql, backendCode: backendCode)
    }
}
