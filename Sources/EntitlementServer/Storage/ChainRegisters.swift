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
    ) -> (write: Write, statement: SQLStatement?, row: [SQLValue]?) {
        let status = evidence.status ?? inferredStatus(evidence)
        let renewalJSON = evidence.renewal.map { $0.canonicalJSON() }
        guard status != nil || renewalJSON != nil else { return (Write(), nil, nil) }
        var write = Write()
        write.hadRegisters = true
        write.statusAdvanced = status != nil && (stored?.status ?? .origin) < evidence.order
        write.renewalAdvanced = renewalJSON != nil && (stored?.renewal ?? .origin) < evidence.order
        guard write.statusAdvanced || write.renewalAdvanced else { return (write, nil, nil) }
        // The new row's values: a register that did not advance stays at the origin.
        let values: [SQLValue] = [
            .text(chain), .text(evidence.bundleId), .text(evidence.environment.rawValue),
            write.statusAdvanced ? SQLValue(status.map { Int64($0.rawValue) }) : .null,
            .integer(write.statusAdvanced ? evidence.order.signedDate : EvidenceOrder.origin.signedDate),
            .text(write.statusAdvanced ? evidence.order.tiebreak : ""),
            write.renewalAdvanced ? SQLValue(renewalJSON) : .null,
            .integer(write.renewalAdvanced ? evidence.order.signedDate : EvidenceOrder.origin.signedDate),
            .text(write.renewalAdvanced ? evidence.order.tiebreak : ""),
        ]
        if stored == nil {
            return (write, SQLStatement(insertSQL, values), values)
        }
        // Both registers that advanced change in one statement.
        var assignments: [String] = []
        var changed: [SQLValue] = []
        if write.statusAdvanced, let status {
            assignments.append("status = ?, status_signed_date = ?, status_tiebreak = ?")
            changed += [.integer(Int64(status.rawValue)), .integer(evidence.order.signedDate), .text(evidence.order.tiebreak)]
        }
        if write.renewalAdvanced {
            assignments.append("renewal_payload = ?, renewal_signed_date = ?, renewal_tiebreak = ?")
            changed += [SQLValue(renewalJSON), .integer(evidence.order.signedDate), .text(evidence.order.tiebreak)]
        }
        let update = SQLStatement(
            "UPDATE ent_chains SET \(assignments.joined(separator: ", ")) WHERE original_transaction_id = ?",
            changed + [.text(chain)])
        return (write, update, values)
    }

    /// The statement text that creates a chain's row, with the values in the order of its columns.
    static let insertSQL = """
        INSERT INTO ent_chains (original_transaction_id, bundle_id, environment, status, status_signed_date,
            status_tiebreak, renewal_payload, renewal_signed_date, renewal_tiebreak)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// The number of columns of the row ``plan(_:chain:stored:)`` returns with a statement, for a multi-row upsert:
    /// the values of ``insertSQL``, where a register that did not advance is at the origin with a `NULL` status or
    /// renewal info. A register advances only with a status or renewal info, so on a stored row a `NULL` there means
    /// "keep the stored register".
    static let rowColumns = 9

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
