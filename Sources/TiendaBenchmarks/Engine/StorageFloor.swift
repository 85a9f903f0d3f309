import Foundation
import StoreStorage

/// `tienda-bench engine --storage-floor`: what a renewal's rows cost SQLite alone, under the engine's own work.
///
/// It opens the state the purchases phase left and renews every chain once a month, writing only the rows a
/// renewal must leave: the new transaction, the chain's update and the outbox row, with the engine's schema and
/// indexes, a stored transaction's and notification's bytes, the engine's page of due chains and its due events
/// per storage transaction. Nothing is built or signed. The statements follow `EngineSchema`; should the schema
/// change, they fail rather than measure something else.
struct StorageFloor {
    /// One month of renewals written alone.
    struct Month: Sendable {
        var renewals: Int
        var span: Span
        /// CPU per renewal, in microseconds.
        var cpuPerRenewal: Double { span.cpu / Double(max(renewals, 1)) * 1e6 }
    }

    /// The engine's page of due chains.
    static let pageSize = 64
    static let month: Int64 = 30 * 86_400_000

    let database: SQLiteDatabase
    /// Renewals per storage transaction: the engine's `dueEventBatchSize`.
    let eventsPerTransaction: Int

    /// Opens the engine's database in `directory` with the engine's settings.
    init(directory: URL, eventsPerTransaction: Int) async throws {
        self.eventsPerTransaction = eventsPerTransaction
        database = try SQLiteDatabase(
            path: directory.appendingPathComponent("engine.sqlite").path,
            configuration: SQLiteDatabase.Configuration(durability: .normal))
        try await database.execute("PRAGMA cache_size = -65536")
        try await database.execute("PRAGMA wal_autocheckpoint = 8192")
    }

    /// Renews every chain `months` times, a month at a time, calling `report` after each month.
    func run(months: Int, report: (Int, Month) -> Void) async throws {
        guard let transaction = try await database.queryFirst("SELECT * FROM transactions ORDER BY transaction_id DESC LIMIT 1"),
            let notification = try await database.queryFirst("SELECT * FROM outbox ORDER BY sequence DESC LIMIT 1")
        else { throw BenchmarkError("the purchases left no transaction or notification to copy") }
        let rows = SampleRows(
            payload: try transaction.data("payload"), productType: try transaction.string("product_type"),
            notificationPayload: try notification.data("payload"), signature: try notification.string("signature"),
            headerId: try notification.int64("header_id"), environment: try notification.value("environment"),
            deliveryState: try notification.value("delivery_state"))
        var next = (
            transaction: try await extremum("max", "transaction_id", of: "transactions") + 1,
            sequence: try await extremum("max", "sequence", of: "outbox") + 1)
        for month in 1...months {
            // Every chain due by the latest due date renews once; its next due date is past that bound.
            let bound = try await extremum("max", "due_at", of: "chains")
            let earliest = try await extremum("min", "due_at", of: "chains")
            let step = max(Self.month, bound - earliest + 1)
            var renewals = 0
            let ((), span) = try await Span.measure {
                while true {
                    let (count, after) = try await database.transaction { [next, eventsPerTransaction] transaction in
                        try Self.renew(
                            upTo: bound, step: step, rows: rows, next: next, limit: eventsPerTransaction, in: transaction)
                    }
                    next = after
                    renewals += count
                    if count < eventsPerTransaction { break }
                }
            }
            report(month, Month(renewals: renewals, span: span))
        }
        await database.close()
    }

    /// `min` or `max` of a column, 0 for an empty table.
    private func extremum(_ function: String, _ column: String, of table: String) async throws -> Int64 {
        try await database.queryFirst("SELECT \(function)(\(column)) AS value FROM \(table)")?.optionalInt64("value") ?? 0
    }

    /// The bytes every renewal's rows copy.
    private struct SampleRows: Sendable {
        var payload: Data
        var productType: String
        var notificationPayload: Data
        var signature: String
        var headerId: Int64
        var environment: SQLValue
        var deliveryState: SQLValue
    }

    /// One storage transaction: up to `limit` renewals of chains due by `bound`, read a page at a time.
    private static func renew(
        upTo bound: Int64, step: Int64, rows: SampleRows, next: (transaction: Int64, sequence: Int64), limit: Int,
        in transaction: SQLTransaction
    ) throws -> (Int, (transaction: Int64, sequence: Int64)) {
        var next = next
        var count = 0
        while count < limit {
            let page = try transaction.query(
                """
                SELECT original_transaction_id, bundle_id, account_id, product_id, due_at, state, latest_transaction_id
                FROM chains
                WHERE due_at IS NOT NULL AND due_at <= ? ORDER BY due_at, due_sequence LIMIT \(pageSize)
                """, [.integer(bound)])
            if page.isEmpty { break }
            for chain in page {
                let original = try chain.int64("original_transaction_id")
                let bundle = try chain.value("bundle_id")
                let due = try chain.int64("due_at")
                try transaction.execute(
                    """
                    INSERT INTO transactions (transaction_id, bundle_id, account_id, product_id, product_type,
                        original_transaction_id, purchase_date, finished, revoked, family_source, payload,
                        announced_sequence, announced_at, previous_transaction_id)
                    VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0, NULL, ?, ?, ?, ?)
                    """,
                    [.integer(next.transaction), bundle, try chain.value("account_id"), try chain.value("product_id"),
                     .text(rows.productType), .integer(original), .integer(due), .blob(rows.payload), .integer(next.sequence),
                     .integer(due), try chain.value("latest_transaction_id")])
                try transaction.execute(
                    """
                    UPDATE chains SET status = 1, due_at = ?, due_sequence = ?, state = ?, latest_transaction_id = ?
                    WHERE original_transaction_id = ?
                    """,
                    [.integer(due + step), .integer(next.sequence), try chain.value("state"), .integer(next.transaction),
                     .integer(original)])
                try transaction.execute(
                    """
                    INSERT INTO outbox (sequence, uuid, bundle_id, environment, notification_type, subtype, transaction_id,
                        original_transaction_id, signed_date, delivery_state, failures, attempts, header_id, payload,
                        signature, test_token)
                    VALUES (?, NULL, ?, ?, 'DID_RENEW', NULL, ?, ?, ?, ?, 0, NULL, ?, ?, ?, NULL)
                    """,
                    [.integer(next.sequence), bundle, rows.environment, .integer(next.transaction), .integer(original),
                     .integer(due), rows.deliveryState, .integer(rows.headerId), .blob(rows.notificationPayload),
                     .text(rows.signature)])
                next.transaction += 1
                next.sequence += 1
                count += 1
            }
        }
        return (count, next)
    }
}
