import Foundation
import StoreModel
import StoreStorage

/// The updates feed, pending purchases, scheduled engine tasks, extension requests, offer nonces and
/// consumption information.
extension EngineTables {
    /// Appends a transaction to an account's updates feed (a transaction announced as it is created carries the
    /// announcement in its row instead: ``insert(_:announcement:)``).
    func appendUpdate(
        sequence: Int64, bundleId: String, accountId: String, transactionId: String, at date: Timestamp
    ) throws(AppStoreEngineError) {
        try execute(
            "INSERT INTO updates (sequence, bundle_id, account_id, transaction_id, recorded_at) VALUES (?, ?, ?, ?, ?)",
            [.integer(sequence), .text(bundleId), .text(accountId), .integer(try Self.key(transactionId)),
             .integer(date.milliseconds)])
    }

    /// An account's updates after `cursor`: (sequence, transaction ID, date), found through the account's
    /// transactions (an update is always about a stored transaction of its account: ``ownedByAccount``):
    /// the announcements new transactions carry in their row, and the later ones in `updates`. The account's
    /// transactions lead each join, so that SQLite does not read every update after the cursor.
    func updates(
        bundleId: String, accountId: String, after cursor: Int64, limit: Int
    ) throws(AppStoreEngineError) -> [(sequence: Int64, transactionId: String, date: Timestamp)] {
        var result: [(Int64, String, Timestamp)] = []
        let rows = try query(
            """
            WITH RECURSIVE \(Self.ownedByAccount)
            SELECT sequence, transaction_id, recorded_at FROM (
                SELECT transactions.announced_sequence AS sequence, transactions.transaction_id,
                    transactions.announced_at AS recorded_at
                FROM owned CROSS JOIN transactions
                WHERE transactions.transaction_id = owned.transaction_id AND transactions.announced_sequence > ?
                UNION ALL
                SELECT updates.sequence, updates.transaction_id, updates.recorded_at
                FROM owned CROSS JOIN updates WHERE updates.transaction_id = owned.transaction_id AND updates.sequence > ?
            ) AS feed ORDER BY sequence LIMIT ?
            """,
            [.text(bundleId), .text(accountId), .text(bundleId), .text(accountId), .integer(cursor), .integer(cursor),
             .integer(Int64(limit))])
        for row in rows {
            result.append((try row.integer("sequence"), String(try row.integer("transaction_id")),
                Timestamp(milliseconds: try row.integer("recorded_at"))))
        }
        return result
    }

    /// Stores a pending purchase.
    func insert(_ pending: PendingPurchase) throws(AppStoreEngineError) {
        try execute(
            "INSERT INTO pending_purchases (id, kind, bundle_id, account_id, request, requested_at) VALUES (?, ?, ?, ?, ?, ?)",
            [.text(pending.id), .text(pending.kind.rawValue), .text(pending.request.bundleId),
             .text(pending.request.accountId), .blob(try StoredJSON.encode(pending.request)),
             .integer(pending.requestDate.milliseconds)])
    }

    /// Removes and returns a pending purchase.
    func takePendingPurchase(_ id: String) throws(AppStoreEngineError) -> PendingPurchase {
        guard let pending = try pendingPurchases(where: "id = ?", [.text(id.lowercased())]).first else {
            throw .pendingPurchaseNotFound(id: id)
        }
        try execute("DELETE FROM pending_purchases WHERE id = ?", [.text(pending.id)])
        return pending
    }

    /// Pending purchases matching a filter, oldest first.
    func pendingPurchases(where condition: String, _ parameters: [SQLValue]) throws(AppStoreEngineError) -> [PendingPurchase] {
        var result: [PendingPurchase] = []
        for row in try query("SELECT * FROM pending_purchases WHERE \(condition) ORDER BY requested_at, id", parameters) {
            result.append(PendingPurchase(
                id: try row.text("id"), kind: PendingPurchase.Kind(rawValue: try row.text("kind")) ?? .askToBuy,
                request: try StoredJSON.decode(PurchaseRequest.self, from: try row.bytes("request")),
                requestDate: Timestamp(milliseconds: try row.integer("requested_at"))))
        }
        return result
    }

    /// Schedules an engine task.
    func insertTask(sequence: Int64, dueAt: Timestamp, kind: String, payload: Data) throws(AppStoreEngineError) {
        try execute(
            "INSERT INTO scheduled_tasks (sequence, due_at, kind, payload) VALUES (?, ?, ?, ?)",
            [.integer(sequence), .integer(dueAt.milliseconds), .text(kind), .blob(payload)])
    }

    /// The first engine task due at or before `limit`.
    func nextTask(atOrBefore limit: Timestamp) throws(AppStoreEngineError) -> (sequence: Int64, dueAt: Timestamp, kind: String, payload: [UInt8])? {
        guard let row = try queryFirst(
            "SELECT * FROM scheduled_tasks WHERE due_at <= ? ORDER BY due_at, sequence LIMIT 1", [.integer(limit.milliseconds)])
        else { return nil }
        return (try row.integer("sequence"), Timestamp(milliseconds: try row.integer("due_at")), try row.text("kind"),
            try row.bytes("payload"))
    }

    /// Removes an engine task.
    func deleteTask(_ sequence: Int64) throws(AppStoreEngineError) {
        try execute("DELETE FROM scheduled_tasks WHERE sequence = ?", [.integer(sequence)])
    }

    /// The earliest due date of any engine task.
    func earliestTaskDueDate() throws(AppStoreEngineError) -> Timestamp? {
        try queryFirst("SELECT MIN(due_at) AS due FROM scheduled_tasks")?
            .optionalInteger("due").map(Timestamp.init(milliseconds:))
    }

    /// Inserts or replaces a mass extension's status.
    func save(_ status: MassExtensionStatus) throws(AppStoreEngineError) {
        try execute(
            "INSERT INTO extension_requests (request_identifier, bundle_id, product_id, status) VALUES (?, ?, ?, ?) "
                + "ON CONFLICT (request_identifier) DO UPDATE SET status = excluded.status",
            [.text(status.requestIdentifier), .text(status.bundleId), .text(status.productId),
             .blob(try StoredJSON.encode(status))])
    }

    /// A mass extension's status.
    func extensionStatus(_ requestIdentifier: String) throws(AppStoreEngineError) -> MassExtensionStatus? {
        try queryFirst("SELECT status FROM extension_requests WHERE request_identifier = ?", [.text(requestIdentifier)])
            .map { row throws(AppStoreEngineError) in
                try StoredJSON.decode(MassExtensionStatus.self, from: try row.bytes("status"))
            }
    }

    /// Records a promotional-offer nonce; `false` when it was used before.
    func useNonce(_ nonce: String, at date: Timestamp) throws(AppStoreEngineError) -> Bool {
        try execute(
            "INSERT INTO offer_nonces (nonce, used_at) VALUES (?, ?) ON CONFLICT (nonce) DO NOTHING",
            [.text(nonce), .integer(date.milliseconds)]) == 1
    }

    /// Inserts or replaces consumption information.
    func save(consumption: ConsumptionRequest, for transactionId: String, at date: Timestamp) throws(AppStoreEngineError) {
        try execute(
            "INSERT INTO consumption_information (transaction_id, request, recorded_at) VALUES (?, ?, ?) "
                + "ON CONFLICT (transaction_id) DO UPDATE SET request = excluded.request, recorded_at = excluded.recorded_at",
            [.integer(try Self.key(transactionId)), .blob(try StoredJSON.encode(consumption)), .integer(date.milliseconds)])
    }

    /// Consumption information recorded for a transaction.
    func consumption(for transactionId: String) throws(AppStoreEngineError) -> ConsumptionInformation? {
        guard let key = Self.numeric(transactionId),
            let row = try queryFirst("SELECT * FROM consumption_information WHERE transaction_id = ?", [.integer(key)])
        else { return nil }
        return ConsumptionInformation(
            transactionId: transactionId,
            request: try StoredJSON.decode(ConsumptionRequest.self, from: try row.bytes("request")),
            recordDate: Timestamp(milliseconds: try row.integer("recorded_at")))
    }
}
