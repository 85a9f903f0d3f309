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
}
