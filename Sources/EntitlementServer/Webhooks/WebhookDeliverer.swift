public import StoreModel
public import StoreStorage
import Foundation

/// Delivers the webhook outbox: leases the rows that are due, POSTs each event signed with its endpoint's
/// secret, and marks it delivered or schedules a retry with exponential backoff. The outbox lives in the
/// database, so deliveries survive restarts, and leases keep servers sharing a database from sending the same
/// row at the same time (delivery is at least once; receivers deduplicate by event id).
public struct WebhookDeliverer: Sendable {
    /// What one pass did.
    public struct Report: Hashable, Sendable {
        /// Deliveries answered 2xx.
        public var delivered = 0
        /// Deliveries that failed and were rescheduled (or given up after the last attempt).
        public var failed = 0
    }

    /// Attempts before a delivery is given up (it stays in the outbox, with its last error).
    public static let maximumAttempts = 20
    /// How long a leased row is reserved for the server that took it.
    static let leaseMilliseconds: Int64 = 30_000

    let database: any SQLDatabase
    let endpoints: [String: WebhookEndpoint]
    let transport: any WebhookTransport
    let currentTime: @Sendable () -> Timestamp
    let log: @Sendable (String) -> Void

    /// Creates a deliverer for the configured endpoints.
    public init(
        database: any SQLDatabase, endpoints: [WebhookEndpoint], transport: any WebhookTransport = HTTPWebhookTransport(),
        currentTime: @escaping @Sendable () -> Timestamp, log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.database = database
        self.endpoints = Dictionary(endpoints.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.transport = transport
        self.currentTime = currentTime
        self.log = log
    }

    /// The delay before attempt `attempts + 1`: 10 s doubling, at most an hour.
    public static func backoffMilliseconds(afterAttempts attempts: Int) -> Int64 {
        min(10_000 << Int64(min(max(attempts - 1, 0), 20)), 3_600_000)
    }

    /// Delivers up to `limit` due rows.
    public func deliverDue(limit: Int = 64) async throws -> Report {
        let now = currentTime().milliseconds
        let leased = try await lease(limit: limit, now: now)
        var report = Report()
        await withTaskGroup(of: (Bool, LeasedRow, Int?).self) { group in
            for row in leased {
                guard let endpoint = endpoints[row.endpoint] else { continue }
                group.addTask {
                    let seconds = now / 1000
                    let headers = [
                        "Content-Type": "application/json", "Tienda-Event-Id": row.eventId,
                        WebhookSignature.headerName: WebhookSignature.header(body: row.payload, secret: endpoint.secret, seconds: seconds),
                    ]
                    let status = await transport.post(row.payload, to: endpoint.url, headers: headers)
                    return ((200..<300).contains(status ?? 0), row, status)
                }
            }
            for await (succeeded, row, status) in group {
                do {
                    try await record(row, succeeded: succeeded, status: status, now: now)
                } catch {
                    log("webhook \(row.endpoint): could not record the delivery of \(row.eventId): \(error)")
                }
                if succeeded { report.delivered += 1 } else { report.failed += 1 }
            }
        }
        return report
    }

    private struct LeasedRow: Sendable {
        var eventId: String
        var endpoint: String
        var attempts: Int
        var payload: Data
    }

    private func lease(limit: Int, now: Int64) async throws -> [LeasedRow] {
        try await database.transaction { transaction in
            let rows = try transaction.query(
                """
                SELECT o.event_id, o.endpoint, o.attempts, e.payload FROM ent_outbox o JOIN ent_events e ON e.event_id = o.event_id
                WHERE o.delivered_at IS NULL AND o.next_attempt_at <= ? AND (o.lease_until IS NULL OR o.lease_until < ?)
                    AND o.attempts < ?
                ORDER BY o.next_attempt_at, o.event_id LIMIT ?
                """, [.integer(now), .integer(now), .integer(Int64(Self.maximumAttempts)), .integer(Int64(limit))])
            return try rows.map { row in
                let leased = LeasedRow(
                    eventId: try row.string("event_id"), endpoint: try row.string("endpoint"), attempts: try row.int("attempts"),
                    payload: Data(try row.string("payload").utf8))
                try transaction.execute(
                    "UPDATE ent_outbox SET lease_until = ? WHERE event_id = ? AND endpoint = ?",
                    [.integer(now + Self.leaseMilliseconds), .text(leased.eventId), .text(leased.endpoint)])
                return leased
            }
        }
    }

    private func record(_ row: LeasedRow, succeeded: Bool, status: Int?, now: Int64) async throws {
        let attempts = row.attempts + 1
        if succeeded {
            try await database.execute(
                "UPDATE ent_outbox SET delivered_at = ?, attempts = ?, lease_until = NULL, last_error = NULL WHERE event_id = ? AND endpoint = ?",
                [.integer(now), .integer(Int64(attempts)), .text(row.eventId), .text(row.endpoint)])
            return
        }
        let error = status.map { "HTTP \($0)" } ?? "no response"
        if attempts >= Self.maximumAttempts {
            log("webhook \(row.endpoint): giving up on \(row.eventId) after \(attempts) attempts (\(error))")
        }
        try await database.execute(
            """
            UPDATE ent_outbox SET attempts = ?, next_attempt_at = ?, lease_until = NULL, last_error = ?
            WHERE event_id = ? AND endpoint = ?
            """,
            [.integer(Int64(attempts)), .integer(now + Self.backoffMilliseconds(afterAttempts: attempts)), .text(error),
             .text(row.eventId), .text(row.endpoint)])
    }
}
