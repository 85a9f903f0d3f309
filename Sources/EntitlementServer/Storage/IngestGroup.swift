import StoreModel
import StoreStorage

/// Notification and status writes run together, batch by batch, on PostgreSQL: where each write alone costs two
/// round trips and three statements (its locks, its ``ChainSnapshot``, its ``CombinedWrite``), a round of a batch's
/// writes takes all its locks and reads all its snapshots in two statements, then makes all its changes in one
/// statement with one multi-row query per table (``IngestRows``), which travels with the next round's reads. The
/// server then sets up its executor once per round instead of once per write, and a batch of `r` rounds costs
/// `r + 1` round trips.
///
/// Writes of one batch that share a chain, a transaction, a notification or an `appAccountToken` must see each
/// other's changes, in order: the batch runs in rounds, one after another in the same transaction, and each write
/// goes to the round after the last one that holds an earlier write sharing any of these with it (a purchase and
/// two renewals of one chain in one batch take three rounds, with other chains' writes alongside). Writes that share
/// none of them are independent, so their order between rounds does not matter. Within a round no two writes touch
/// the same row, except account versions, which are bumped once per account with the count of its writes.
///
/// Each write's changes are planned by ``StateWriter/plan(_:reading:snapshot:claimant:in:)`` from its own
/// snapshot, as when it runs alone, so the state a batch ends in is the state of its writes applied one by one. On
/// SQLite, which has no round trips, and for a write alone, the writes run one by one (``StateWriter/apply``). A
/// claim by an account is never in a group: it runs statements of its own.
final class IngestGroup: WriteGroup {
    /// One write: the evidence, the writer (with its instant) and the key whose lock it takes (`nil` on SQLite).
    struct Item: Sendable {
        let evidence: VerifiedEvidence
        let writer: StateWriter
        let lockKey: String?
    }

    func runAlone(_ item: Item, in transaction: SQLTransaction) throws -> ApplyOutcome {
        try item.writer.apply(item.evidence, claimant: nil, lockKey: item.lockKey, in: transaction).0
    }

    func runTogether(_ items: [Item], in transaction: SQLTransaction) throws -> [ApplyOutcome] {
        guard transaction.dialect == .postgresql, items.count > 1 else {
            return try items.map { try runAlone($0, in: transaction) }
        }
        // Each write goes to the round after the last one holding any of its keys: writes that share a key keep
        // their order, one round apart, and the others fill the rounds.
        var rounds: [[(index: Int, item: Item, reading: StateWriter.Reading)]] = []
        var lastRound: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            let reading = item.writer.reading(item.evidence, claimant: nil, lockKey: item.lockKey)
            let keys = Self.keys(of: reading)
            let round = keys.reduce(0) { next, key in max(next, lastRound[key].map { $0 + 1 } ?? 0) }
            for key in keys { lastRound[key] = round }
            if round == rounds.count { rounds.append([]) }
            rounds[round].append((index, item, reading))
        }
        // Round trips: the first round's locks and snapshots; then each round's changes with the next round's locks
        // and snapshots, which run after those changes in the same pipeline and so see them; then the last changes.
        var outcomes = [ApplyOutcome?](repeating: nil, count: items.count)
        var previous: PlannedRound?
        for round in rounds {
            let requests = round.map(\.reading.request)
            var statements = previous?.statement.map { [$0] } ?? []
            statements += [Self.locking(round.flatMap(\.reading.lockKeys)), ChainSnapshot.batchStatement(requests)]
            let results = try transaction.pipeline(statements)
            if let previous { try previous.finish(written: previous.statement == nil ? [] : results[0].rows, into: &outcomes) }
            let snapshots = try ChainSnapshot.batch(rows: results[results.count - 1].rows, for: requests)
            previous = try plan(round, snapshots: snapshots, in: transaction)
        }
        if let previous {
            try previous.finish(written: try previous.statement.map { try transaction.pipeline([$0])[0].rows } ?? [], into: &outcomes)
        }
        return outcomes.map { $0! }
    }

    /// What a write shares with another when they must not be in one round.
    private static func keys(of reading: StateWriter.Reading) -> [String] {
        var keys = reading.lockKeys.map { "lock:" + $0 }
        if let uuid = reading.request.notificationUUID { keys.append("notification:" + uuid) }
        if let transactionId = reading.request.transactionId { keys.append("transaction:" + transactionId) }
        if let chain = reading.chain { keys.append("chain:" + chain) }
        if let token = reading.token { keys.append("token:" + token) }
        return keys
    }

    /// The statement that takes the locks on `keys`, in ascending order of their hashes, so two batches never wait
    /// for each other in a cycle over one round's locks.
    private static func locking(_ keys: [String]) -> SQLStatement {
        let hashes = Set(keys.map { Int64(bitPattern: KeyLock.hash($0)) }).sorted()
        return SQLStatement(
            "SELECT pg_advisory_xact_lock(key) FROM unnest(CAST(? AS BIGINT[])) AS locks (key)",
            [PostgreSQLArrayLiteral.parameter(hashes.map(SQLValue.integer))])
    }

    /// A round whose changes are planned: the statement that makes them (`nil` when there are none) and, once it ran,
    /// each write's outcome.
    private struct PlannedRound {
        /// Each write's index in the batch and its changes, `nil` for a notification recorded before.
        let writes: [(index: Int, changes: StateWriter.Changes?)]
        let statement: SQLStatement?

        /// Sets each write's outcome, given the rows of ``statement`` (the events that were new).
        func finish(written rows: [SQLRow], into outcomes: inout [ApplyOutcome?]) throws {
            var new: Set<String> = []
            for row in rows { new.insert(try row.string("event_id")) }
            // An event two writes make is new for the first of them only, as when they run one after another.
            var reported: Set<String> = []
            for (index, changes) in writes {
                guard let changes else {
                    outcomes[index] = .duplicateNotification
                    continue
                }
                let ids = changes.events.map(\.id).filter { new.contains($0) && reported.insert($0).inserted }
                outcomes[index] = changes.outcome(eventIds: ids)
            }
        }
    }

    /// Plans a round's changes from its snapshots, as rows of one statement.
    private func plan(
        _ round: [(index: Int, item: Item, reading: StateWriter.Reading)], snapshots: [ChainSnapshot], in transaction: SQLTransaction
    ) throws -> PlannedRound {
        var rows = IngestRows()
        var writes: [(index: Int, changes: StateWriter.Changes?)] = []
        writes.reserveCapacity(round.count)
        for (write, snapshot) in zip(round, snapshots) {
            guard !snapshot.notificationSeen else {
                writes.append((write.index, nil))
                continue
            }
            let changes = try write.item.writer.plan(
                write.item.evidence, reading: write.reading, snapshot: snapshot, claimant: nil, in: transaction)
            try rows.add(changes, now: write.item.writer.now)
            writes.append((write.index, changes))
        }
        let endpoints = round[0].item.writer.configuration.webhooks.map(\.name)
        return PlannedRound(writes: writes, statement: rows.isEmpty ? nil : rows.statement(endpoints: endpoints))
    }
}
