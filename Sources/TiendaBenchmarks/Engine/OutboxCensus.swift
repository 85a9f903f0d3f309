import AppStoreEngine
import Foundation
import StoreStorage

/// Counts in the engine's database, read on a connection of its own between measured phases: notifications,
/// transactions, the latest transaction of a subscription, sample payloads, and the files' size.
struct OutboxCensus: Sendable {
    /// What the database holds at one moment.
    struct Counts: Sendable, Codable {
        var notifications: Int64 = 0
        var transactions: Int64 = 0
        /// The last outbox sequence number counted.
        var lastSequence: Int64 = 0
    }

    /// The notification types the workload raises; each carries a signed transaction and signed renewal info,
    /// so it signs three payloads.
    static let subscriptionTypes: Set<String> = [
        "SUBSCRIBED", "DID_RENEW", "DID_FAIL_TO_RENEW", "GRACE_PERIOD_EXPIRED", "REFUND", "EXPIRED",
        "DID_CHANGE_RENEWAL_STATUS",
    ]

    let database: SQLiteDatabase
    let directory: URL

    init(directory: URL) throws {
        self.directory = directory
        database = try SQLiteDatabase(path: directory.appendingPathComponent("engine.sqlite").path)
    }

    /// The counts now, reading only the outbox rows after `previous.lastSequence`.
    /// - Throws: ``BenchmarkError`` when a notification of another type than ``subscriptionTypes`` appears.
    func counts(after previous: Counts = Counts()) async throws -> Counts {
        var counts = previous
        for row in try await database.query(
            "SELECT notification_type, COUNT(*) AS n, MAX(sequence) AS last FROM outbox WHERE sequence > ? GROUP BY notification_type",
            [SQLValue(previous.lastSequence)])
        {
            let type = try row.string("notification_type")
            guard Self.subscriptionTypes.contains(type) else { throw BenchmarkError("unexpected \(type) notification") }
            counts.notifications += try row.int64("n")
            counts.lastSequence = max(counts.lastSequence, try row.int64("last"))
        }
        counts.transactions = try await database.queryFirst("SELECT COUNT(*) AS n FROM transactions")?.int64("n") ?? 0
        return counts
    }

    /// The latest transaction of each subscription.
    func latestTransactions(of originals: [Int64]) async throws -> [Int64] {
        var result: [Int64] = []
        for original in originals {
            // The chain names it: the engine finds a chain's transactions through their links, not an index.
            let row = try await database.queryFirst(
                "SELECT latest_transaction_id AS id FROM chains WHERE original_transaction_id = ?", [SQLValue(original)])
            result.append(try row?.optionalInt64("id") ?? original)
        }
        return result
    }

    /// The signed payload JSON of about `limit` notifications spread evenly over the sequence numbers after
    /// `first` up to `last` (for the baseline's sample). The outbox keeps each payload with the signer's header
    /// segment replaced by the byte 0x01, each nested payload as its JSON between the bytes 0x02 and 0x03, and its
    /// transaction as the byte 0x04 standing for the transaction's JSON (kept apart when the row changed since, else
    /// the row's) with `signedDate` as its last member, and its `notificationUUID` as the byte 0x05 standing for the
    /// UUID derived from its sequence number; member names are coded (``StoredMemberNames``); all are put back here.
    func notificationPayloads(after first: Int64, through last: Int64, limit: Int) async throws -> [Data] {
        let stride = max(1, (last - first) / Int64(max(1, limit)))
        let uuids = NotificationUUIDCodec(key: try await database.queryFirst(
            "SELECT next_value FROM engine_counters WHERE name = 'notification_uuid_key'")?.int64("next_value") ?? 0)
        return try await database.query(
            """
            SELECT outbox.sequence, outbox.payload, outbox.signed_date, signing_headers.header,
                COALESCE((SELECT transaction_versions.payload FROM transaction_versions
                    WHERE transaction_versions.transaction_id = outbox.transaction_id
                        AND transaction_versions.before_sequence > outbox.sequence
                    ORDER BY transaction_versions.before_sequence LIMIT 1), transactions.payload) AS transaction_payload
            FROM outbox JOIN signing_headers ON signing_headers.id = outbox.header_id
            LEFT JOIN transactions ON transactions.transaction_id = outbox.transaction_id
            WHERE outbox.sequence > ? AND outbox.sequence <= ? AND outbox.sequence % ? = 0 ORDER BY outbox.sequence
            """,
            [SQLValue(first), SQLValue(last), SQLValue(stride)]
        ).map { row in
            let header = Array(try row.string("header").utf8)
            var payload: [UInt8] = []
            var nested: [UInt8]?
            for byte in try StoredMemberNames.expanding([UInt8](try row.data("payload"))) {
                switch byte {
                case 0x01: payload += header
                case 0x02: nested = []
                case 0x04:
                    var json = try StoredMemberNames.expanding([UInt8](try row.data("transaction_payload")))
                    json.removeLast()
                    json += Array(",\"signedDate\":\(try row.int64("signed_date"))}".utf8)
                    payload += Self.base64URL(json)
                case 0x03:
                    payload += Self.base64URL(nested ?? [])
                    nested = nil
                case 0x05:
                    payload += Array(uuids.uuid(sequence: try row.int64("sequence")).utf8)
                default:
                    if nested != nil { nested?.append(byte) } else { payload.append(byte) }
                }
            }
            return Data(payload)
        }
    }

    /// Unpadded base64url.
    static func base64URL(_ bytes: [UInt8]) -> [UInt8] {
        var text = Array(Data(bytes).base64EncodedString().utf8)
        while text.last == UInt8(ascii: "=") { text.removeLast() }
        return text.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: "-") : $0 == UInt8(ascii: "/") ? UInt8(ascii: "_") : $0 }
    }

    /// The size of `engine.sqlite` and its write-ahead log, in bytes.
    func fileBytes() -> Int64 {
        ["engine.sqlite", "engine.sqlite-wal"].reduce(0) { total, name in
            let path = directory.appendingPathComponent(name).path
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
            return total + size
        }
    }

    func close() async { await database.close() }
}
