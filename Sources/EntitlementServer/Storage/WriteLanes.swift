import StoreStorage

/// Group commit in parallel lanes: one ``WriteBatcher`` per lane, each write routed by a key (the chain's
/// `originalTransactionId`, or the account), so writes about one chain share a lane and commit in order while
/// other chains commit alongside on other connections.
///
/// SQLite has one writer at a time, so it gets one lane. PostgreSQL gets two, so one lane's batch runs while the
/// other's commit waits for its WAL flush; not more, because each lane's batch is a commit of its own, and more lanes
/// split the same writes into smaller batches and more commits (with eight lanes the server spent about 40 % more CPU
/// per write than with two in the benchmark of docs/BENCHMARKS.md). Batches run at read-committed
/// isolation: each write first takes a transaction-scoped advisory lock on its key (``KeyLock``), so writes
/// about one chain or account are serialized across lanes and across servers sharing the database, while writes
/// about different keys never conflict. (Serializable batches would be correct too, but its page-level predicate
/// locks make unrelated batches abort each other, and every abort runs a whole batch again.) What two keys can
/// share — account versions, events, ledger and notification identifiers — is written by single atomic
/// statements (`ON CONFLICT`), and the `appAccountToken` registry is locked by token where it is read and written.
struct WriteLanes: Sendable {
    private let lanes: [WriteBatcher]
    private let locksKeys: Bool

    init(database: any SQLDatabase) {
        locksKeys = database.dialect == .postgresql
        let count = locksKeys ? 2 : 1
        let isolation: SQLIsolation = locksKeys ? .readCommitted : .serializable
        lanes = (0..<count).map { _ in WriteBatcher(database: database, isolation: isolation) }
    }

    /// Runs `body` in the next batch of the lane for `key`, returning once that batch has committed durably.
    func write<T: Sendable>(key: String, _ body: @escaping @Sendable (SQLTransaction) throws -> T) async throws -> T {
        let lane = lane(for: key)
        guard locksKeys else { return try await lane.write(body) }
        return try await lane.write { transaction in
            try KeyLock.lock(key, in: transaction)
            return try body(transaction)
        }
    }

    /// Like ``write(key:_:)``, but `body` takes the key's lock itself, first, ahead of its own statements in the
    /// same pipeline, which saves a round trip: it gets the key to lock (``KeyLock/statements(_:dialect:)``), or
    /// `nil` on SQLite, which needs no lock.
    func write<T: Sendable>(
        key: String, lockingInBody body: @escaping @Sendable (SQLTransaction, _ lockKey: String?) throws -> T
    ) async throws -> T {
        let lane = lane(for: key)
        let lockKey = locksKeys ? key : nil
        return try await lane.write { transaction in try body(transaction, lockKey) }
    }

    /// Runs the item `makeItem` makes (given the key to lock, or `nil` on SQLite) as a write of `group` in the next
    /// batch of the lane for `key`, together with its neighbours of the same group (``IngestGroup``); returns once
    /// that batch has committed durably.
    func write<G: WriteGroup>(key: String, group: G, _ makeItem: (_ lockKey: String?) -> G.Item) async throws -> G.Output {
        let lane = lane(for: key)
        return try await lane.write(makeItem(locksKeys ? key : nil), in: group)
    }

    /// The lane of `key`: every write of one key goes through the same lane, in order.
    private func lane(for key: String) -> WriteBatcher {
        lanes[lanes.count > 1 ? Int(KeyLock.hash(key) % UInt64(lanes.count)) : 0]
    }
}
