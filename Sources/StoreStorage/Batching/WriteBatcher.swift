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
/// batch (up to `maximumBatchSize`), so batches grow with load and latency stays one commit when idle. The actor
/// only queues writes; it is free while a batch commits on the database's thread.
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
public actor WriteBatcher {
    /// The database the batches commit to.
    public nonisolated let database: any SQLDatabase
    /// The most writes one transaction carries.
    public nonisolated let maximumBatchSize: Int
    /// The isolation of each batch's transaction on PostgreSQL.
    public nonisolated let isolation: SQLIsolation
    /// Counts of batches and writes so far.
    public private(set) var statistics = Statistics()
    private var pending: [PendingWrite] = []
    private var isCommitting = false

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

    /// Runs `body` in the next batch's transaction and returns its result once that transaction has committed
    /// durably.
    /// - Parameter body: The statements of one write. It runs on the database's thread inside a savepoint.
    /// - Returns: The body's result, after the commit.
    /// - Throws: The body's own error (its statements rolled back, the batch unaffected), or the error that
    ///   stopped the whole batch from committing.
    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (SQLTransaction) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            pending.append(PendingWrite(body: body, continuation: continuation))
            if !isCommitting {
                isCommitting = true
                Task { await commitUntilIdle() }
            }
        }
    }

    /// Runs `item` as a write of `group` in the next batch, together with its neighbours of the same group
    /// (``WriteGroup``), and returns its output once that batch has committed durably.
    /// - Throws: The write's own error (its statements rolled back, the batch unaffected), or the error that stopped
    ///   the whole batch from committing.
    @discardableResult
    public func write<G: WriteGroup>(_ item: G.Item, in group: G) async throws -> G.Output {
        try await withCheckedThrowingContinuation { continuation in
            pending.append(PendingWrite(item: item, group: group, continuation: continuation))
            if !isCommitting {
                isCommitting = true
                Task { await commitUntilIdle() }
            }
        }
    }

    private func commitUntilIdle() async {
        while let batch = nextBatch() {
            await commit(batch)
        }
    }

    /// Takes the writes waiting for the next commit, or ends the committing loop when there are none.
    private func nextBatch() -> [PendingWrite]? {
        guard !pending.isEmpty else {
            isCommitting = false
            return nil
        }
        let batch = Array(pending.prefix(maximumBatchSize))
        pending.removeFirst(batch.count)
        return batch
    }

    /// Commits `batch`: first with the writes back to back, and only if one of them fails, again with each write in
    /// its own savepoint, which costs two more statements per write.
    private func commit(_ batch: [PendingWrite]) async {
        do {
            let outcomes: [PendingWrite.Outcome]
            do {
                outcomes = try await run(batch, mode: .shared)
            } catch is PendingWrite.NeedsIsolation {
                outcomes = try await run(batch, mode: .isolated)
            }
            let committed = outcomes.count { $0.succeeded }
            statistics.committedBatches += 1
            statistics.committedWrites += committed
            statistics.rejectedWrites += outcomes.count - committed
            for outcome in outcomes { outcome.resumeCaller() }
        } catch {
            for write in batch { write.fail(error) }
        }
    }

    private func run(_ batch: [PendingWrite], mode: PendingWrite.Mode) async throws -> [PendingWrite.Outcome] {
        try await database.transaction(isolation: isolation) { transaction in
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
}
