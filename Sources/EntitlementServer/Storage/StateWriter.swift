import StoreModel
import StoreStorage

/// Applies verified evidence to the tables, inside one storage transaction, by rules that make the final state
/// independent of arrival order and repetition:
///
/// - a notification is recorded once, by `notificationUUID`; a repeat changes nothing;
/// - a transaction is stored by `transactionId` with its latest signed version (by `signedDate`);
/// - a chain's status and renewal info are last-writer-wins registers ordered by ``EvidenceOrder``; a late,
///   older notification leaves them alone (its transaction is still recorded);
/// - ledger entries, events and ownership links have identifiers derived from Apple's, inserted once.
///
/// It runs inside ``WriteBatcher`` bodies, which may run more than once, so it has no effect outside the
/// transaction.
struct StateWriter {
    let configuration: EntitlementServerConfiguration
    let now: Timestamp

    /// Applies `evidence`; `claimant` is the account that presented it (transactions sent by apps).
    func apply(_ evidence: VerifiedEvidence, claimant: String?, in database: SQLTransaction) throws -> (ApplyOutcome, ClaimDecision?) {
        if let notification = evidence.notification {
            guard try record(notification, of: evidence, in: database) else { return (.duplicateNotification, nil) }
        }
        var context = WriteContext()
        let chain = evidence.transaction?.originalTransactionId ?? evidence.renewal?.originalTransactionId
        let snapshot = try ChainSnapshot.read(transactionId: evidence.transaction?.transactionId, chain: chain, in: database)
        if let transaction = evidence.transaction {
            context.transactionWrite = try TransactionRegister.upsert(
                transaction, stored: snapshot.transaction, evidence: evidence, in: database)
        }
        if let chain {
            context.chainWrite = try ChainRegisters.merge(evidence, chain: chain, stored: snapshot.registers, in: database)
        }
        var decision: ClaimDecision?
        var owners: [String] = []
        var ownershipChanged = false
        if let chain {
            let ownership = OwnershipWriter(policy: configuration.restorePolicy, now: now)
            owners = snapshot.owners.map(\.account)
            if let claimant, evidence.transaction != nil {
                decision = try ownership.claim(
                    chain: chain, by: claimant, current: snapshot.owners, evidence: evidence.source.rawValue, in: database)
                owners = try ownership.owners(of: chain, in: database).map(\.account)
                ownershipChanged = true
            } else if owners.isEmpty, let token = evidence.transaction?.appAccountTokenUUID ?? evidence.renewal?.appAccountTokenUUID {
                owners = [try ownership.link(chain: chain, token: token, in: database)]
                ownershipChanged = true
            }
        }
        if let transaction = evidence.transaction {
            context.ledgerEvents = try LedgerWriter(configuration: configuration).record(
                transaction, write: context.transactionWrite, in: database)
        }
        let events = try EventWriter(configuration: configuration, now: now).write(
            evidence, context: context, owners: owners.sorted(), in: database)
        let advanced = context.advancedState
        if context.timelineAdvanced, let notification = evidence.notification {
            try database.execute(
                "UPDATE ent_notifications SET applied = 1 WHERE notification_uuid = ?", [.text(notification.uuid)])
        }
        var affected: [String] = []
        if case .transferred(let previous)? = decision { affected += previous }
        if advanced || ownershipChanged {
            for owner in owners { affected.append(try AccountVersions.bump(owner, at: now, in: database)) }
        }
        return (ApplyOutcome(
            duplicate: false, advancedState: advanced, appliedToTimeline: context.timelineAdvanced, eventIds: events,
            affectedAccounts: affected), decision)
    }

    /// Records the notification; returns `false` when its UUID was seen before.
    private func record(
        _ notification: VerifiedEvidence.NotificationIdentity, of evidence: VerifiedEvidence, in database: SQLTransaction
    ) throws -> Bool {
        let inserted = try database.execute(
            """
            INSERT INTO ent_notifications (notification_uuid, notification_type, subtype, signed_date,
                original_transaction_id, transaction_id, environment, bundle_id, source, applied, received_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)
            ON CONFLICT (notification_uuid) DO NOTHING
            """,
            [
                .text(notification.uuid), .text(notification.type.rawValue), SQLValue(notification.subtype?.rawValue),
                .integer(notification.signedDate.milliseconds),
                SQLValue(evidence.transaction?.originalTransactionId ?? evidence.renewal?.originalTransactionId),
                SQLValue(evidence.transaction?.transactionId), .text(evidence.environment.rawValue),
                .text(evidence.bundleId), .text(evidence.source.rawValue), .integer(now.milliseconds),
            ])
        return inserted == 1
    }
}

/// What the steps of one write did, for the events that follow.
struct WriteContext {
    var transactionWrite: TransactionRegister.Write = .none
    var chainWrite = ChainRegisters.Write()
    var ledgerEvents: [NormalizedEvent] = []

    /// Whether the evidence moved the chain's timeline: a register advanced, or, for evidence without status or
    /// renewal info, its transaction changed. A late notification only records its transaction.
    var timelineAdvanced: Bool {
        if chainWrite.statusAdvanced || chainWrite.renewalAdvanced { return true }
        return !chainWrite.hadRegisters && transactionWrite != .none && transactionWrite != .stale
    }

    /// Whether any stored state changed.
    var advancedState: Bool {
        transactionWrite != .none && transactionWrite != .stale || chainWrite.statusAdvanced || chainWrite.renewalAdvanced
            || !ledgerEvents.isEmpty
    }
}
