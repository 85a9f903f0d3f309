import Dispatch
import Synchronization

/// A C database connection that only its own serial dispatch queue touches, reachable from async code.
///
/// `sqlite3*` and `PGconn*` are `OpaquePointer`s, which are not `Sendable`, and their calls block: a query holds
/// its thread until the database answers, and a SQLite commit at `synchronous=FULL` waits for `fsync`. So each
/// connection lives in a `Mutex` (which makes it safe to share) and every call on it runs on the connection's
/// own serial queue (which keeps blocking calls off Swift's cooperative pool). The queue runs one job at a time,
/// so the lock is never contended; callers suspend on a continuation until their job finishes. Jobs run in the
/// order they were submitted.
final class SerialConnection<Connection: AnyObject>: Sendable {
    private let queue: DispatchQueue
    private let connection: Mutex<Connection>

    /// Wraps `connection`, which nothing else may keep a reference to.
    init(label: String, connection: sending Connection) {
        self.queue = DispatchQueue(label: label)
        self.connection = Mutex(connection)
    }

    /// Runs `work` on the connection's queue and returns its result.
    func run<T: Sendable, E: Error>(_ work: @escaping @Sendable (Connection) throws(E) -> T) async throws(E) -> T {
        let result: Result<T, E> = await withCheckedContinuation { continuation in
            queue.async {
                let result = Result { () throws(E) -> T in
                    try self.connection.withLock { (connection: inout sending Connection) throws(E) -> T in
                        try work(connection)
                    }
                }
                continuation.resume(returning: result)
            }
        }
        return try result.get()
    }

    /// Queues `work` on the connection's queue without waiting for it; it runs after the jobs already submitted.
    func submit(_ work: @escaping @Sendable (Connection) -> Void) {
        queue.async {
            self.connection.withLock { (connection: inout sending Connection) in work(connection) }
        }
    }
}
