import Synchronization

/// Group commit: many concurrent writes committed together, each caller answered only once its write is durable.
///
/// A durable commit costs one `fsync` on SQLite at `synchronous=FULL` (and one WAL flush on PostgreSQL), which
/// caps one-transaction-per-write at a few hundred writes a second. A batcher runs every write submitted while
/// the previous commit was in flight in one shared transaction, so a thousand concurrent notifications cost a
/// handful of commits:
///
/// ```swift
/// let batcher = WriteBatcher(database: database)
/// // In each request handler:
/// let isNew = try await batcher.write { transaction in
///     try transaction.execute(
///         "INSERT INTO notifications (uuid, payload) VALUES (?, ?) ON CONFLICT (uuid) DO NOTHING", [uuid, .blob(body)]) == 1
/// }
/// // The write is durable here: answer 200.
/// ```
///
/// There is no timer: the first write commits at once, and writes that arrive during a commit form the next
/// batch (up to `maximumBatchSize`), so batches grow with load and latency stays one commit when idle.
///
/// Each write runs in its own savepoint. When its closure throws, or a statement in it fails, only its own
/// statements roll back and only its caller gets the error; the rest of the batch commits. When the commit
/// itself fails, every caller in the batch gets that error and nothing in the batch was written. On
/// PostgreSQL a batch that hits a serialization failure runs again as a whole, so closures must have no
/// effects outside the transaction.
public final class WriteBatcher: Sendable {
    /// The database the batches commit to.
    public let database: any SQLDatabase
    /// The most writes one transaction carries.
    public let maximumBatchSize: Int
    /// The isolation of each batch's transaction on PostgreSQL.
    public let isolation: SQLIsolation
    private let state = Mutex(State())

    private struct State {
        var pending: [PendingWrite] = []
        var isCommitting = false
        var statistics = Statistics()
    }

    /// Counts since the batcher was created.
    public struct Statistics: Sendable, Hashable {
        /// Transactions committed.
        public var committedBatches = 0
        /// Writes whose closure returned and whose batch committed.
        public var committedWrites = 0
        /// Writes whose closure threw and was rolled back alone, in batches that committed.
        public var rejectedWrites = 0
    }

    /// A batcher for `database`.
    /// - Parameters:
    ///   - database: The database to write to.
    ///   - maximumBatchSize: The most writes one transaction carries; later ones wait for the next batch.
    ///   - isolation: The isolation of each batch's transaction on PostgreSQL.
    public init(database: any SQLDatabase, maximumBatchSize: Int = 1000, isolation: SQLIsolation = .serializable) {
        self.database = database
        self.maximumBatchSize = max(maximumBatchSize, 1)
        self.isolation = isolation
    }

    /// Counts of batches and writes so far.
    public var statistics: Statistics { state.withLock { $0.statistics } }

    /// Runs `body` in the next batch's transaction and returns its result once that transaction has committed
    /// durably.
    /// - Parameter body: The statements of one write. It runs on the database's thread inside a savepoint.
    /// - Returns: The body's result, after the commit.
    /// - Throws: The body's own error (its statements rolled back, the batch unaffected), or the error that
    ///   stopped the whole batch from committing.
    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (SQLTransaction) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let write = PendingWrite(body: body, continuation: continuation)
            let startsCommitting = state.withLock { state in
                state.pending.append(write)
                defer { state.isCommitting = true }
                return !state.isCommitting
            }
            if startsCommitting {
                Task { await self.commitUntilIdle() }
            }
        }
    }

    private func commitUntilIdle() async {
        while let batch = nextBatch() {
            await commit(batch)
        }
    }

    private func nextBatch() -> [PendingWrite]? {
        state.withLock { state in
            guard !state.pending.isEmpty else {
                state.isCommitting = false
                return nil
            }
            let batch = Array(state.pending.prefix(maximumBatchSize))
            state.pending.removeFirst(batch.count)
            return batch
        }
    }

    private func commit(_ batch: [PendingWrite]) async {
        do {
            let outcomes = try await database.transaction(isolation: isolation) { transaction in
                try batch.map { write in try write.perform(transaction) }
            }
            state.withLock { state in
                let committed = outcomes.count { $0.succeeded }
                state.statistics.committedBatches += 1
                state.statistics.committedWrites += committed
                state.statistics.rejectedWrites += outcomes.count - committed
            }
            for outcome in outcomes { outcome.resumeCaller() }
        } catch {
            for write in batch { write.fail(error) }
        }
    }
}
