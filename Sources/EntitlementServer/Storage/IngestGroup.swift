import StoreModel
import StoreStorage

/// Notification and status writes run together, batch by batch, on PostgreSQL: where each write alone costs two
/// round trips and three statements (its locks, its ``ChainSnapshot``, its ``CombinedWrite``), a batch's writes
/// take all their locks and read all their snapshots in one round trip of two statements, then make all their
/// changes in one statement with one multi-row query per table (``IngestRows``). The server sets up its executor
/// a few times per batch instead of a few times per write.
///
/// Each write's changes are planned by ``StateWriter/plan(_:reading:snapshot:claimant:in:)`` as when it runs alone,
/// from the snapshot it would read had the writes before it in the batch run alone, one after another: the stored
/// state read for the whole batch, with the changes of the batch's earlier writes applied in memory
/// (``ChainSnapshot/Batch``). Writes of one chain, transaction or notification in one batch therefore keep their
/// order and see each other, and the state a batch ends in is the state of its writes applied one by one. On
/// SQLite, which has no round trips, and for a batch of one write, the writes run one by one
/// (``StateWriter/apply(_:claimant:lockKey:in:)``). A claim by an account is never in a group: it runs statements
/// of its own.
final class IngestGroup: WriteGroup {
    /// One write: the evidence, the writer (with its instant) and the key whose lock it takes (`nil` on SQLite).
    ///
    /// A class: the batcher keeps each item as an existential and hands the batch's items over as an array, and the
    /// evidence and the writer's configuration hold dozens of references, which each copy of a struct retained and
    /// released one by one on the database's thread.
    final class Item: Sendable {
        let evidence: VerifiedEvidence
        let writer: StateWriter
        let lockKey: String?

        init(evidence: VerifiedEvidence, writer: StateWriter, lockKey: String?) {
            self.evidence = evidence
            self.writer = writer
            self.lockKey = lockKey
        }
    }

    func runAlone(_ item: Item, in transaction: SQLTransaction) throws -> ApplyOutcome {
        try item.writer.apply(item.evidence, claimant: nil, lockKey: item.lockKey, in: transaction).0
    }

    func runTogether(_ items: [Item], in transaction: SQLTransaction) throws -> [ApplyOutcome] {
        guard transaction.dialect == .postgresql, items.count > 1 else {
            return try items.map { try runAlone($0, in: transaction) }
        }
        // First round trip: every lock (in ascending order of their hashes, so two batches never wait for each other
        // in a cycle), then every snapshot.
        let readings = items.map { $0.writer.reading($0.evidence, claimant: nil, lockKey: $0.lockKey) }
        let requests = readings.map(\.request)
        let results = try transaction.pipeline([
            Self.locking(readings.flatMap(\.lockKeys)), ChainSnapshot.batchStatement(requests),
        ])
        var state = try ChainSnapshot.Batch(rows: results[1].rows)

        // What each write's snapshot decides, in order, each seeing the writes before it.
        var rows = IngestRows(writes: items.count)
        var planned: [StateWriter.Changes?] = []
        planned.reserveCapacity(items.count)
        for (item, reading) in zip(items, readings) {
            let snapshot = state.snapshot(for: reading.request)
            guard !snapshot.notificationSeen else {
                planned.append(nil)
                continue
            }
            let changes = try item.writer.plan(item.evidence, reading: reading, snapshot: snapshot, claimant: nil, in: transaction)
            try rows.add(changes, now: item.writer.now)
            state.apply(changes, of: reading.request, read: snapshot)
            planned.append(changes)
        }

        // Last round trip: every change; the events that were new come back.
        var new: Set<String> = []
        if !rows.isEmpty {
            let endpoints = items[0].writer.configuration.webhooks.map(\.name)
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

    /// The statement that takes the locks on `keys`, each once, in ascending order of their hashes.
    private static func locking(_ keys: [String]) -> SQLStatement {
        let hashes = Set(keys.map { Int64(bitPattern: KeyLock.hash($0)) }).sorted()
        return SQLStatement(
            "SELECT pg_advisory_xact_lock(key) FROM unnest(CAST(? AS BIGINT[])) AS locks (key)",
            [.array(PostgreSQLArray(bigints: hashes))])
    }
}
