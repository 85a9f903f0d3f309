/// A database whose own thread can start the next transaction as soon as one commits, without a hop through
/// Swift's cooperative pool.
///
/// ``WriteBatcher`` uses it to keep the database's thread busy under load: when a batch commits, the completion
/// runs on that thread, answers the batch's callers, takes the writes waiting since and submits them at once. On a
/// busy pool a hop through an actor would queue behind the callers' other work and leave the thread idle.
protocol ChainedTransactions: SQLDatabase {
    /// Queues `body` as a transaction on the database's thread and calls `completion` there, with the body's result
    /// once the commit is durable or with the error that stopped it.
    func transaction<T: Sendable>(
        isolation: SQLIsolation, _ body: @escaping @Sendable (SQLTransaction) throws -> T,
        then completion: @escaping @Sendable (Result<T, any Error>) -> Void)
}

extension SQLiteDatabase: ChainedTransactions {
    func transaction<T: Sendable>(
        isolation: SQLIsolation, _ body: @escaping @Sendable (SQLTransaction) throws -> T,
        then completion: @escaping @Sendable (Result<T, any Error>) -> Void
    ) {
        connection.submit { connection in completion(Result { try connection.transaction(body) }) }
    }
}
