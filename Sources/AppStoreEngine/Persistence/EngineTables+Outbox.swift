import Foundation
import StoreModel
import StoreStorage

/// The notification outbox.
extension EngineTables {
    private static let selection = """
        SELECT outbox.*, signing_headers.header AS header,
            COALESCE(superseded_transactions.payload, transactions.payload) AS transaction_payload,
            (SELECT next_value FROM engine_counters WHERE name = '\(EngineCounters.notificationUUIDKeyName)') AS uuid_key
        FROM outbox
        JOIN signing_headers ON signing_headers.id = outbox.header_id
        LEFT JOIN transactions ON transactions.transaction_id = outbox.transaction_id
        LEFT JOIN superseded_transactions ON superseded_transactions.sequence = outbox.sequence
        """

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

    /// Keeps a transaction's JSON, before its row changes, for the notifications that refer to the row and have
    /// none kept yet: those were signed with this JSON (a notification raised since the last change refers to the
    /// row as it is now; one raised in the operation that changes it is resolved at its commit). A notification
    /// that carries its transaction's JSON itself never reads what is kept for it.
    func keepSupersededJSON(of transactionKey: Int64) throws(AppStoreEngineError) {
        try execute(
            """
            INSERT INTO superseded_transactions (sequence, payload)
            SELECT outbox.sequence, transactions.payload FROM outbox
            JOIN transactions ON transactions.transaction_id = outbox.transaction_id
            WHERE outbox.transaction_id = ?
            ON CONFLICT (sequence) DO NOTHING
            """, [.integer(transactionKey)])
    }

    /// Puts the transaction JSON (the one kept when its row changed, or the row's) into the notifications
    /// matching a filter that refer to their transaction's row, before those rows go.
    func resolveTransactionReferences(where condition: String, _ parameters: [SQLValue]) throws(AppStoreEngineError) {
        let rows = try query(
            """
            SELECT outbox.sequence, outbox.payload, outbox.signed_date,
                COALESCE(superseded_transactions.payload, transactions.payload) AS transaction_payload
            FROM outbox JOIN transactions ON transactions.transaction_id = outbox.transaction_id
            LEFT JOIN superseded_transactions ON superseded_transactions.sequence = outbox.sequence
            WHERE \(condition)
            """, parameters)
        for row in rows {
            let stored = StoredJWS(storedPayload: try row.payload("payload"), signature: "")
            guard stored.referencesTransaction else { continue }
            let sequence = try row.integer("sequence")
            let signed = PayloadJSON.insertingSignedDate(
                Timestamp(milliseconds: try row.integer("signed_date")), into: try row.payload("transaction_payload"))
            try execute(
                "UPDATE outbox SET payload = ? WHERE sequence = ?",
                [.payload(stored.resolvingReference(signed).payload), .integer(sequence)])
            try execute("DELETE FROM superseded_transactions WHERE sequence = ?", [.integer(sequence)])
        }
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
