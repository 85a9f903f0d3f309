import Foundation
import StoreModel
import StoreStorage

/// Turns what a write did into normalized events, stores each once (by its stable id) and queues it for every
/// webhook endpoint, in the same storage transaction as the state change.
struct EventWriter {
    let configuration: EntitlementServerConfiguration
    let now: Timestamp

    /// The events the evidence's notification (or, for a transaction an app sent, its first sight) makes, given
    /// what the write did; ledger events come from ``LedgerWriter``. Their `accountIds` are left to the caller.
    func events(_ evidence: VerifiedEvidence, context: WriteContext) -> [NormalizedEvent] {
        let transaction = evidence.transaction
        let chain = transaction?.originalTransactionId ?? evidence.renewal?.originalTransactionId
        let capabilities = configuration.rule(for: transaction?.productId)?.capabilities ?? []
        var events: [NormalizedEvent] = []
        let transactionChanged = context.transactionWrite != .none && context.transactionWrite != .stale
        if let notification = evidence.notification {
            for mapping in EventMapping.events(
                for: notification.type, subtype: notification.subtype, grantsCapabilities: !capabilities.isEmpty)
            {
                let relevant: Bool
                switch mapping.key {
                case .transaction: relevant = transactionChanged || context.chainWrite.statusAdvanced
                case .notification: relevant = context.chainWrite.statusAdvanced || context.chainWrite.renewalAdvanced
                }
                guard relevant,
                    let id = mapping.identifier(notificationUUID: notification.uuid, transactionId: transaction?.transactionId)
                else { continue }
                events.append(
                    event(id: id, kind: mapping.kind, evidence, capabilities: capabilities, chain: chain,
                          occurredAt: notification.signedDate.milliseconds))
            }
        } else if context.transactionWrite == .inserted, let transaction, let transactionId = transaction.transactionId,
            !capabilities.isEmpty
        {
            let kind: EventKind = transaction.revocationDate == nil ? .capabilityGranted : .refund
            events.append(
                event(id: "\(kind.rawValue):\(transactionId)", kind: kind, evidence, capabilities: capabilities, chain: chain,
                      occurredAt: transaction.signedDate?.milliseconds ?? now.milliseconds))
        }
        return events
    }

    private func event(
        id: String, kind: EventKind, _ evidence: VerifiedEvidence, capabilities: [String], chain: String?, occurredAt: Int64
    ) -> NormalizedEvent {
        NormalizedEvent(
            id: id, type: kind, occurredAt: occurredAt, originalTransactionId: chain,
            transactionId: evidence.transaction?.transactionId, productId: evidence.transaction?.productId ?? evidence.renewal?.productId,
            capabilities: capabilities, environment: evidence.environment.rawValue,
            notificationType: evidence.notification?.type.rawValue, subtype: evidence.notification?.subtype?.rawValue)
    }

    /// The statement that stores an event once, returning its id only when it is new.
    static func inserting(_ event: NormalizedEvent) -> SQLStatement {
        let payload = event.canonicalJSON()
        return SQLStatement(
            """
            INSERT INTO ent_events (event_id, kind, original_transaction_id, occurred_at, payload) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (event_id) DO NOTHING RETURNING event_id
            """,
            [.text(event.id), .text(event.type.rawValue), SQLValue(event.originalTransactionId), .integer(event.occurredAt), .text(payload)])
    }

    /// Stores an event once and queues it for each endpoint; returns `false` when its id was stored before.
    static func store(_ event: NormalizedEvent, endpoints: [String], now: Timestamp, in database: SQLTransaction) throws -> Bool {
        let payload = event.canonicalJSON()
        let inserted = try database.execute(
            """
            INSERT INTO ent_events (event_id, kind, original_transaction_id, occurred_at, payload) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (event_id) DO NOTHING
            """,
            [.text(event.id), .text(event.type.rawValue), SQLValue(event.originalTransactionId), .integer(event.occurredAt),
             .text(payload)])
        guard inserted == 1 else { return false }
        for endpoint in endpoints {
            try database.execute(
                "INSERT INTO ent_outbox (event_id, endpoint, next_attempt_at, attempts) VALUES (?, ?, ?, 0)",
                [.text(event.id), .text(endpoint), .integer(now.milliseconds)])
        }
        return true
    }
}
