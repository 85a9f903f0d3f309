import StoreModel
import StoreStorage

/// A subscription chain's two last-writer-wins registers, keyed by `originalTransactionId`: its status and its
/// renewal info. Each is replaced only by evidence with a later ``EvidenceOrder``, so applying the same set of
/// notifications in any order, any number of times, ends in the same state.
enum ChainRegisters {
    /// What a merge did.
    struct Write: Hashable, Sendable {
        var statusAdvanced = false
        var renewalAdvanced = false
        /// Whether the evidence carried a status or renewal info at all.
        var hadRegisters = false
    }

    /// What merging the evidence's status and renewal info into the chain's registers does, and the statement that
    /// does it; `stored` is what the chain holds (read by ``ChainSnapshot`` in the same transaction, `nil` when the
    /// chain has no row).
    static func plan(
        _ evidence: VerifiedEvidence, chain: String, stored: ChainSnapshot.StoredRegisters?
    ) -> (write: Write, statement: SQLStatement?) {
        let status = evidence.status ?? inferredStatus(evidence)
        let renewalJSON = evidence.renewal.map { $0.canonicalJSON() }
        guard status != nil || renewalJSON != nil else { return (Write(), nil) }
        var write = Write()
        write.hadRegisters = true
        write.statusAdvanced = status != nil && (stored?.status ?? .origin) < evidence.order
        write.renewalAdvanced = renewalJSON != nil && (stored?.renewal ?? .origin) < evidence.order
        guard write.statusAdvanced || write.renewalAdvanced else { return (write, nil) }
        if stored == nil {
            let insert = SQLStatement(
                """
                INSERT INTO ent_chains (original_transaction_id, bundle_id, environment, status, status_signed_date,
                    status_tiebreak, renewal_payload, renewal_signed_date, renewal_tiebreak)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(chain), .text(evidence.bundleId), .text(evidence.environment.rawValue),
                    write.statusAdvanced ? SQLValue(status.map { Int64($0.rawValue) }) : .null,
                    .integer(write.statusAdvanced ? evidence.order.signedDate : EvidenceOrder.origin.signedDate),
                    .text(write.statusAdvanced ? evidence.order.tiebreak : ""),
                    write.renewalAdvanced ? SQLValue(renewalJSON) : .null,
                    .integer(write.renewalAdvanced ? evidence.order.signedDate : EvidenceOrder.origin.signedDate),
                    .text(write.renewalAdvanced ? evidence.order.tiebreak : ""),
                ])
            return (write, insert)
        }
        // Both registers that advanced change in one statement.
        var assignments: [String] = []
        var values: [SQLValue] = []
        if write.statusAdvanced, let status {
            assignments.append("status = ?, status_signed_date = ?, status_tiebreak = ?")
            values += [.integer(Int64(status.rawValue)), .integer(evidence.order.signedDate), .text(evidence.order.tiebreak)]
        }
        if write.renewalAdvanced {
            assignments.append("renewal_payload = ?, renewal_signed_date = ?, renewal_tiebreak = ?")
            values += [SQLValue(renewalJSON), .integer(evidence.order.signedDate), .text(evidence.order.tiebreak)]
        }
        let update = SQLStatement(
            "UPDATE ent_chains SET \(assignments.joined(separator: ", ")) WHERE original_transaction_id = ?",
            values + [.text(chain)])
        return (write, update)
    }

    /// The status a notification implies when it carries none (notifications signed before Apple added `status`):
    /// only where the type leaves no doubt, and only for auto-renewable subscriptions.
    static func inferredStatus(_ evidence: VerifiedEvidence) -> Status? {
        guard let notification = evidence.notification, evidence.transaction?.type == .autoRenewable else { return nil }
        switch (notification.type, notification.subtype) {
        case (.subscribed, _), (.didRenew, _): return .active
        case (.didFailToRenew, .gracePeriod?): return .billingGracePeriod
        case (.didFailToRenew, _), (.gracePeriodExpired, _): return .billingRetry
        case (.expired, _): return .expired
        case (.revoke, _): return .revoked
        default: return nil
        }
    }
}
