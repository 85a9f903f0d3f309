import StoreStorage

/// Reads the "why" of an account: every notification applied to the chains it owns (stale ones marked), every
/// ownership decision involving it, its ledger entries and its grants, in time order.
struct HistoryReader {
    let database: any SQLDatabase

    func history(of account: String) async throws -> [HistoryEntry] {
        var entries: [HistoryEntry] = []
        for row in try await database.query(
            """
            SELECT n.notification_uuid, n.notification_type, n.subtype, n.signed_date, n.original_transaction_id,
                n.transaction_id, n.source, n.applied
            FROM ent_notifications n JOIN ent_owners o ON o.original_transaction_id = n.original_transaction_id
            WHERE o.account_id = ?
            """, [.text(account)])
        {
            let type = try row.string("notification_type") + (try row.optionalString("subtype").map { "/\($0)" } ?? "")
            let applied = try row.bool("applied")
            entries.append(
                HistoryEntry(
                    at: try row.int64("signed_date"), kind: "notification",
                    summary: applied ? "\(type) applied" : "\(type) recorded: older than the state already known, so only its transaction was kept and the state was left as it was",
                    details: [
                        "notificationUUID": try row.string("notification_uuid"),
                        "originalTransactionId": try row.optionalString("original_transaction_id") ?? "",
                        "transactionId": try row.optionalString("transaction_id") ?? "", "source": try row.string("source"),
                    ]))
        }
        for row in try await database.query(
            """
            SELECT at, original_transaction_id, account_id, previous_owner, policy, decision, evidence
            FROM ent_ownership_audit WHERE account_id = ? OR previous_owner = ?
            """, [.text(account), .text(account)])
        {
            let claimant = try row.string("account_id")
            let previous = try row.optionalString("previous_owner")
            let decision = try row.string("decision")
            let policy = try row.string("policy")
            let evidence = try row.string("evidence")
            let summary =
                previous.map { "\(claimant) presented a purchase owned by \($0): \(decision) (policy \(policy))" }
                ?? "\(claimant) became the owner (\(decision), by \(evidence))"
            entries.append(
                HistoryEntry(
                    at: try row.int64("at"), kind: "ownership", summary: summary,
                    details: ["originalTransactionId": try row.string("original_transaction_id"), "decision": decision]))
        }
        for row in try await database.query(
            """
            SELECT l.entry_id, l.currency, l.amount, l.kind, l.at FROM ent_ledger l
            WHERE l.account_id = ? OR (l.account_id IS NULL AND l.original_transaction_id IN
                (SELECT o.original_transaction_id FROM ent_owners o WHERE o.account_id = ? AND o.role = 'owner'))
            """, [.text(account), .text(account)])
        {
            let amount = try row.int64("amount")
            entries.append(
                HistoryEntry(
                    at: try row.int64("at"), kind: "ledger",
                    summary: "\(try row.string("kind")) \(amount > 0 ? "+" : "")\(amount) \(try row.string("currency"))",
                    details: ["entryId": try row.string("entry_id")]))
        }
        for row in try await database.query(
            "SELECT grant_id, capability, created_at, revoked_at, reason FROM ent_grants WHERE account_id = ?", [.text(account)])
        {
            let grant = try row.string("grant_id")
            entries.append(
                HistoryEntry(
                    at: try row.int64("created_at"), kind: "grant",
                    summary: "promotional \(try row.string("capability")) granted: \(try row.string("reason"))", details: ["grantId": grant]))
            if let revoked = try row.optionalInt64("revoked_at") {
                entries.append(HistoryEntry(at: revoked, kind: "grant", summary: "promotional grant revoked", details: ["grantId": grant]))
            }
        }
        return entries.sorted { ($0.at, $0.kind, $0.summary) < ($1.at, $1.kind, $1.summary) }
    }
}
