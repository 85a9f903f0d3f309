import StoreModel
import StoreStorage

/// The persisted counters that identifiers and sequence numbers come from.
struct EngineCounters: Hashable, Sendable {
    /// Transaction and web order line item IDs.
    var identifiers = TransactionIdentifierGenerator()
    /// The next app transaction ID.
    var nextAppTransactionId: Int64 = 704_000_000_000_000_001
    /// The next due-event sequence number (ties between due events at the same instant).
    var nextDueSequence: Int64 = 1
    /// The next updates-feed sequence number.
    var nextUpdateSequence: Int64 = 1
    /// The next outbox sequence number.
    var nextOutboxSequence: Int64 = 1
    /// The next scheduled-task sequence number.
    var nextTaskSequence: Int64 = 1
    /// The store's key for notification UUIDs (drawn once by schema migration 2, never saved again).
    var notificationUUIDKey: Int64 = 0

    /// Derives notification UUIDs from outbox sequence numbers.
    var notificationUUIDs: NotificationUUIDCodec { NotificationUUIDCodec(key: notificationUUIDKey) }

    /// The counters by stored name.
    var named: [(String, Int64)] {
        [
            ("transaction_id", identifiers.nextTransactionId),
            ("web_order_line_item_id", identifiers.nextWebOrderLineItemId),
            ("app_transaction_id", nextAppTransactionId), ("due_sequence", nextDueSequence),
            ("update_sequence", nextUpdateSequence), ("outbox_sequence", nextOutboxSequence),
            ("task_sequence", nextTaskSequence),
        ]
    }

    mutating func set(_ name: String, _ value: Int64) {
        switch name {
        case "transaction_id": identifiers.nextTransactionId = value
        case "web_order_line_item_id": identifiers.nextWebOrderLineItemId = value
        case "app_transaction_id": nextAppTransactionId = value
        case "due_sequence": nextDueSequence = value
        case "update_sequence": nextUpdateSequence = value
        case "outbox_sequence": nextOutboxSequence = value
        case "task_sequence": nextTaskSequence = value
        case Self.notificationUUIDKeyName: notificationUUIDKey = value
        default: break
        }
    }

    /// The stored name of ``notificationUUIDKey``.
    static let notificationUUIDKeyName = "notification_uuid_key"

    /// Takes the next value of a sequence.
    static func take(_ value: inout Int64) -> Int64 {
        defer { value += 1 }
        return value
    }
}

extension EngineTables {
    /// The stored counters (defaults for counters never saved).
    func counters() throws(AppStoreEngineError) -> EngineCounters {
        var counters = EngineCounters()
        for row in try query("SELECT name, next_value FROM engine_counters") {
            counters.set(try row.text("name"), try row.integer("next_value"))
        }
        return counters
    }

    /// Saves the counters that changed since `original`.
    func save(_ counters: EngineCounters, since original: EngineCounters) throws(AppStoreEngineError) {
        let before = Dictionary(uniqueKeysWithValues: original.named)
        for (name, value) in counters.named where before[name] != value {
            try execute(
                "INSERT INTO engine_counters (name, next_value) VALUES (?, ?) "
                    + "ON CONFLICT (name) DO UPDATE SET next_value = excluded.next_value",
                [.text(name), .integer(value)])
        }
    }
}
