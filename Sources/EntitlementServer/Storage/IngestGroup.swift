import StoreModel
import StoreStorage

/// Notification and status writes run together, batch by batch, on PostgreSQL: where each write alone costs two
/// round trips and three statements (its locks, its ``ChainSnapshot``, its ``CombinedWrite``), a batch's writes
/// take all their locks and read all their snapshots in one round trip, then make all their changes in one
/// statement with one multi-row query per table (``IngestRows``). The server then sets up its executor once per
/// batch instead of once per write.
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
        var outcomes = [ApplyOutcome?](repeating: nil, count: items.count)
        for round in rounds {
            for (write, outcome) in zip(round, try run(round.map { ($0.item, $0.reading) }, in: transaction)) {
                outcomes[write.index] = outcome
            }
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

    /// Runs one round: writes that share no key.
    private func run(_ round: [(item: Item, reading: StateWriter.Reading)], in transaction: SQLTransaction) throws -> [ApplyOutcome] {
        guard round.count > 1 else { return try round.map { try runAlone($0.item, in: transaction) } }

        // First round trip: every lock (in ascending order of their hashes, so two batches never wait for each other
        // in a cycle over this round's locks), then every snapshot.
        let hashes = Set(round.flatMap(\.reading.lockKeys).map { Int64(bitPattern: KeyLock.hash($0)) }).sorted()
        let requests = round.map(\.reading.request)
        let results = try transaction.pipeline([
            SQLStatement(
                "SELECT pg_advisory_xact_lock(key) FROM unnest(CAST(? AS BIGINT[])) AS locks (key)",
                [PostgreSQLArrayLiteral.parameter(hashes.map(SQLValue.integer))]),
            ChainSnapshot.batchStatement(requests),
        ])
        let snapshots = try ChainSnapshot.batch(rows: results[1].rows, for: requests)

        // What each snapshot decides, as rows of the round's one statement.
        var rows = IngestRows()
        var planned: [StateWriter.Changes?] = []
        planned.reserveCapacity(round.count)
        for ((item, reading), snapshot) in zip(round, snapshots) {
            guard !snapshot.notificationSeen else {
                planned.append(nil)
                continue
            }
            let changes = try item.writer.plan(item.evidence, reading: reading, snapshot: snapshot, claimant: nil, in: transaction)
            try rows.add(changes, now: item.writer.now)
            planned.append(changes)
        }

        // Last round trip: every change; the events that were new come back.
        var new: Set<String> = []
        if !rows.isEmpty {
            let endpoints = round[0].item.writer.configuration.webhooks.map(\.name)
            for row in try transaction.pipeline([rows.statement(endpoints: endpoints)])[0].rows {
                new.insert(try row.string("event_id"))
            }
        }
        // An event two writes make is new for the first of them only, as when they run one after another.
        var reported: Set<String> = []
        return planned.map { changes in
            guard let changes else { return .duplicateNotification }
            let ids = changes.events.map(\.id).filter { new.contains($0) && reported.insert($0).inserted }
            return changes.outcome(eventIds: ids)
        }
    }
}
