import Foundation
import StoreModel
import StoreStorage

/// The notification outbox.
extension EngineTables {
    private static let selection = """
        SELECT outbox.*, signing_headers.header AS header,
            COALESCE(\(transactionVersion), transactions.payload) AS transaction_payload,
            (SELECT next_value FROM engine_counters WHERE name = '\(EngineCounters.notificationUUIDKeyName)') AS uuid_key
        FROM outbox
        JOIN signing_headers ON signing_headers.id = outbox.header_id
        LEFT JOIN transactions ON transactions.transaction_id = outbox.transaction_id
        """

    /// The JSON an outbox row's transaction had when the notification was raised, when the transaction changed (or
    /// went) since: the earliest version past the row's sequence number (``keepVersions(before:where:_:)``). `NULL`
    /// when it has not changed since, the row holding the JSON.
    static let transactionVersion = """
        (SELECT transaction_versions.payload FROM transaction_versions
        WHERE transaction_versions.transaction_id = outbox.transaction_id
            AND transaction_versions.before_sequence > outbox.sequence
        ORDER BY transaction_versions.before_sequence LIMIT 1)
        """

    /// The `before_sequence` of a version kept as a transaction goes: past every notification.
    static let finalVersion = Int64.max

    /// The values of a row of ``outboxInsertion``.
    private static let outboxColumnCount = 14

    /// The outbox's `INSERT`, for one or several rows.
    private static let outboxInsertion = MultiRowStatement(
        prefix: """
            INSERT INTO outbox (sequence, uuid, bundle_id, environment, notification_type, subtype, transaction_id,
                original_transaction_id, signed_date, delivery_state, failures, attempts, header_id, payload, signature,
                test_token) VALUES 
            """,
        row: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, NULL, ?, ?, ?, ?)")

    /// Appends signed notifications, on SQLite in as few statements as ``MultiRowStatement`` allows (one each on
    /// PostgreSQL). Their UUIDs are not stored: each is derived from the sequence number. Each row's stored form
    /// already has its member names coded (``NotificationJob/sign(with:lane:scratch:)``).
    func insert(_ rows: [OutboxRow], headerId: Int64) throws(AppStoreEngineError) {
        guard !rows.isEmpty else { return }
        if !pending.isEmpty { try flushPendingRows() }
        let largest = writesRowsTogether ? MultiRowStatement.largest : 1
        var values: [SQLValue] = []
        values.reserveCapacity(min(rows.count, largest) * Self.outboxColumnCount)
        var start = 0
        while start < rows.count {
            let end = min(rows.count, start + largest)
            values.removeAll(keepingCapacity: true)
            // Each row's fields are read in place, not from a copy of the whole row.
            for index in start..<end {
                values.append(.integer(rows[index].sequence))
                values.append(.null)
                values.append(.text(rows[index].bundleId))
                values.append(.text(rows[index].environment.rawValue))
                values.append(.text(rows[index].notificationType.rawValue))
                values.append(SQLValue(rows[index].subtype?.rawValue))
                values.append(SQLValue(rows[index].transactionId.flatMap(Self.numeric)))
                values.append(SQLValue(rows[index].originalTransactionId.flatMap(Self.numeric)))
                values.append(.integer(rows[index].signedDate.milliseconds))
                values.append(.text(DeliveryState.pending.rawValue))
                values.append(.integer(headerId))
                values.append(.bytes(rows[index].stored.payload))
                values.append(.text(rows[index].stored.signature))
                values.append(SQLValue(rows[index].testToken))
            }
            _ = try Self.outboxInsertion.run(over: values, width: Self.outboxColumnCount, in: self)
            start = end
        }
    }

    /// Notifications matching a filter, in outbox order.
    func notifications(
        where condition: String, _ parameters: [SQLValue], limit: Int
    ) throws(AppStoreEngineError) -> [OutboxNotification] {
        var result: [OutboxNotification] = []
        let rows = try query(
            "\(Self.selection) WHERE \(condition) ORDER BY outbox.sequence LIMIT ?", parameters + [.integer(Int64(limit))])
        for row in rows { result.append(try Self.notification(from: row)) }
        return result
    }

    /// The notification with `uuid`: the row of the sequence number it decodes to, or a row written before
    /// UUIDs were derived that stores it.
    func notification(uuid: String) throws(AppStoreEngineError) -> OutboxNotification {
        let found: OutboxNotification?
        if let sequence = try counters().notificationUUIDs.sequence(uuid: uuid) {
            found = try notifications(where: "outbox.sequence = ? AND outbox.uuid IS NULL", [.integer(sequence)], limit: 1)
                .first
        } else {
            found = try notifications(where: "outbox.uuid = ?", [.text(uuid.lowercased())], limit: 1).first
        }
        guard let found else { throw .notificationNotFound(id: uuid) }
        return found
    }

    /// Records a delivery attempt and the state it leads to.
    func recordAttempt(
        sequence: Int64, attempts: [DeliveryAttempt], state: DeliveryState, failures: Int
    ) throws(AppStoreEngineError) {
        try execute(
            "UPDATE outbox SET attempts = ?, delivery_state = ?, failures = ? WHERE sequence = ?",
            [.blob(try StoredJSON.encode(attempts)), .text(state.rawValue), .integer(Int64(failures)), .integer(sequence)])
    }

    /// Keeps the JSON of the transactions matching a filter (on `transactions`), before their rows change or go,
    /// for the notifications raised before `sequence`: the next outbox sequence number when a row changes,
    /// ``finalVersion`` when it goes. Those notifications were signed with it, unless a version kept earlier is
    /// theirs; one that carries its transaction's JSON itself never reads what is kept for it. When nothing was
    /// raised since a transaction's last version, that version stands.
    func keepVersions(
        before sequence: Int64, where condition: String, _ parameters: [SQLValue]
    ) throws(AppStoreEngineError) {
        try execute(
            """
            INSERT INTO transaction_versions (transaction_id, before_sequence, payload)
            SELECT transaction_id, ?, payload FROM transactions WHERE \(condition)
            ON CONFLICT (transaction_id, before_sequence) DO NOTHING
            """, [.integer(sequence)] + parameters)
    }

    static func notification(from row: SQLRow) throws(AppStoreEngineError) -> OutboxNotification {
        let sequence = try row.integer("sequence")
        let uuid: String
        if let stored = try row.optionalText("uuid") {
            uuid = stored
        } else {
            uuid = NotificationUUIDCodec(key: try row.optionalInteger("uuid_key") ?? 0).uuid(sequence: sequence)
        }
        var stored = StoredJWS(storedPayload: try row.payload("payload"), signature: try row.text("signature"))
        if stored.referencesTransaction {
            guard let json = try row.optionalPayload("transaction_payload") else {
                throw .corruptState("notification \(uuid) refers to a transaction that is not stored")
            }
            stored = stored.resolvingReference(
                PayloadJSON.insertingSignedDate(Timestamp(milliseconds: try row.integer("signed_date")), into: json))
        }
        let attempts = try row.optionalBytes("attempts").map { bytes throws(AppStoreEngineError) in
            try StoredJSON.decode([DeliveryAttempt].self, from: bytes)
        } ?? []
        return OutboxNotification(
            sequence: sequence, notificationUUID: uuid,
            bundleId: try row.text("bundle_id"), environment: AppStoreEnvironment(rawValue: try row.text("environment")),
            notificationType: NotificationTypeV2(rawValue: try row.text("notification_type")),
            subtype: try row.optionalText("subtype").map(Subtype.init(rawValue:)),
            transactionId: try row.optionalInteger("transaction_id").map(String.init),
            originalTransactionId: try row.optionalInteger("original_transaction_id").map(String.init),
            signedDate: Timestamp(milliseconds: try row.integer("signed_date")),
            signedPayload: stored.compactSerialization(header: try row.text("header"), notificationUUID: uuid),
            deliveryState: DeliveryState(rawValue: try row.text("delivery_state")) ?? .pending, attempts: attempts)
    }
}
