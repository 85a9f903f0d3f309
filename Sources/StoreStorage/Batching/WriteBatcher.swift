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
/// batch (up to `maximumBatchSize`), so batches grow with load and latency stays one commit when idle. On SQLite
/// the database's own thread takes the next batch as soon as a commit returns, so no job on Swift's cooperative
/// pool (busy with the callers' other work under load) stands between two batches; on PostgreSQL a task takes it.
///
/// Failures stay with their writes. When a write's closure throws, or a statement in it fails, only its own
/// statements roll back and only its caller gets the error; the rest of the batch commits. (A batch runs its
/// writes back to back first; only when one fails does it roll back and run again with each write in its own
/// savepoint, so the common case costs no extra statements.) When the commit itself fails, every caller in the
/// batch gets that error and nothing in the batch was written. A closure may therefore run more than once
/// (and, on PostgreSQL, again after a serialization failure), so it must have no effects outside the transaction.
///
/// Writes of a ``WriteGroup`` (``write(_:in:)``) go to their group together: each run of consecutive writes of the
/// same group in a batch is one call of ``WriteGroup/runTogether(_:in:)``, so the group can send their statements
/// as a few multi-row ones; when that fails, the batch runs again with each write alone, as above.
public final class WriteBatcher: Sendable {
    /// The database the batches commit to.
    public let database: any SQLDatabase
    /// The most writes one transaction carries.
    public let maximumBatchSize: Int
    /// The isolation of each batch's transaction on PostgreSQL.
    public let isolation: SQLIsolation
    /// The database, when its own thread can start the next batch (SQLite); `nil` when a task takes each batch.
    private let chained: (any ChainedTransactions)?
    private let state = Mutex(State())

    /// The writes waiting for the next batch, whether a batch is in flight, and the counts so far.
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

    /// Counts of batches and writes so far.
    public var statistics: Statistics {
        get async { state.withLock { $0.statistics } }
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
        self.chained = database as? any ChainedTransactions
    }

    /// Runs `body` in the next batch's transaction and returns its result once that transaction has committed
    /// durably.
    /// - Parameter body: The statements of one write. It runs on the database's thread inside a savepoint.
    /// - Returns: The body's result, after the commit.
    /// - Throws: The body's own error (its statements rolled back, the batch unaffected), or the error that
    ///   stopped the whole batch from committing.
    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (SQLTransaction) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            enqueue(PendingWrite(body: body, continuation: continuation))
        }
    }

    /// Runs `item` as a write of `group` in the next batch, together with its neighbours of the same group
    /// (``WriteGroup``), and returns its output once that batch has committed durably.
    /// - Throws: The write's own error (its statements rolled back, the batch unaffected), or the error that stopped
    ///   the whole batch from committing.
    @discardableResult
    public func write<G: WriteGroup>(_ item: G.Item, in group: G) async throws -> G.Output {
        try await withCheckedThrowingContinuation { continuation in
            enqueue(PendingWrite(item: item, group: group, continuation: continuation))
        }
    }

    /// Queues `write` for the next batch, and starts committing when no batch is in flight.
    private func enqueue(_ write: PendingWrite) {
        let startsCommitting = state.withLock { state in
            state.pending.append(write)
            guard !state.isCommitting else { return false }
            state.isCommitting = true
            return true
        }
        guard startsCommitting else { return }
        if let chained {
            if let batch = nextBatch() { commit(batch, on: chained, mode: .shared) }
        } else {
            Task { await commitUntilIdle() }
        }
    }

    /// Takes the writes waiting for the next commit, or ends the committing loop when there are none.
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

    /// Commits `batch` on the database's thread, which then answers its callers and starts the next batch itself.
    private func commit(_ batch: [PendingWrite], on database: any ChainedTransactions, mode: PendingWrite.Mode) {
        database.transaction(isolation: isolation, { transaction in try Self.run(batch, mode: mode, in: transaction) }) {
            result in
            if mode == .shared, case .failure(let error) = result, error is PendingWrite.NeedsIsolation {
                self.commit(batch, on: database, mode: .isolated)
                return
            }
            self.finish(batch, result)
            if let next = self.nextBatch() { self.commit(next, on: database, mode: .shared) }
        }
    }

    /// Commits batches from a task until none is waiting, for databases without ``ChainedTransactions``.
    private func commitUntilIdle() async {
        while let batch = nextBatch() {
            let result: Result<[PendingWrite.Outcome], any Error>
            do {
                do {
                    result = .success(try await run(batch, mode: .shared))
                } catch is PendingWrite.NeedsIsolation {
                    result = .success(try await run(batch, mode: .isolated))
                }
            } catch {
                result = .failure(error)
            }
            finish(batch, result)
        }
    }

    /// Counts a committed batch and answers its callers, or answers them all with the error that stopped it.
    private func finish(_ batch: [PendingWrite], _ result: Result<[PendingWrite.Outcome], any Error>) {
        switch result {
        case .success(let outcomes):
            let committed = outcomes.count { $0.succeeded }
            state.withLock { state in
                state.statistics.committedBatches += 1
                state.statistics.committedWrites += committed
                state.statistics.rejectedWrites += outcomes.count - committed
            }
            for outcome in outcomes { outcome.resumeCaller() }
        case .failure(let error):
            for write in batch { write.fail(error) }
        }
    }

    private func run(_ batch: [PendingWrite], mode: PendingWrite.Mode) async throws -> [PendingWrite.Outcome] {
        try await database.transaction(isolation: isolation) { transaction in try Self.run(batch, mode: mode, in: transaction) }
    }

    /// Runs `batch` in `transaction`: with ``PendingWrite/Mode/shared`` back to back, each run of consecutive writes
    /// of one group together; with ``PendingWrite/Mode/isolated`` each write in its own savepoint, which costs two
    /// more statements per write.
    private static func run(
        _ batch: [PendingWrite], mode: PendingWrite.Mode, in transaction: SQLTransaction
    ) throws -> [PendingWrite.Outcome] {
        guard mode == .shared else { return try batch.map { write in try write.perform(transaction, mode) } }
        var outcomes: [PendingWrite.Outcome] = []
        outcomes.reserveCapacity(batch.count)
        var start = 0
        while start < batch.count {
            guard let member = batch[start].member else {
                outcomes.append(try batch[start].perform(transaction, mode))
                start += 1
                continue
            }
            // The run of consecutive writes of the same group goes to the group at once.
            var end = start + 1
            while end < batch.count, batch[end].member?.group == member.group { end += 1 }
            outcomes += try member.runTogether(Array(batch[start..<end]), transaction)
            start = end
        }
        return outcomes
    }
}
