/// How a transaction is isolated from concurrent ones. SQLite has one writer at a time, so every SQLite
/// transaction is serializable whichever level is asked for; the choice matters on PostgreSQL, where several
/// connections and servers write at once.
public enum SQLIsolation: Sendable, Hashable {
    /// The outcome is as if transactions ran one at a time, so read-then-write code is safe. PostgreSQL may refuse
    /// to commit a transaction that raced another (SQLSTATE 40001); the database then runs the body again, so
    /// the body must have no effects outside the transaction besides computing its result.
    case serializable
    /// Each statement sees the rows committed before it began (PostgreSQL's default). Single-statement updates
    /// such as `SET n = n + 1` and upserts stay correct; read-then-write code needs `SELECT … FOR UPDATE`
    /// (PostgreSQL only) or an advisory lock. The body may still run again after a deadlock.
    case readCommitted
}
