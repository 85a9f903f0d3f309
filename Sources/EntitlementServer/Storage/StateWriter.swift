import Foundation
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
///
/// On PostgreSQL each round trip to the server is a wait, so a write sends its statements in pipelines
/// (``SQLTransaction/pipeline(_:)``) rather than one by one: the first carries the chain's lock, the notification's
/// record and the ``ChainSnapshot``; the second every change the snapshot decides, with the events and the account
/// versions. A consumable's ledger entries decide its events, so its write takes a third. (A claim by an account,
/// rare, runs its own statements in between.) On SQLite the same statements run one after another.
struct StateWriter {
    let configuration: EntitlementServerConfiguration
    let now: Timestamp

    /// Applies `evidence`; `claimant` is the account that presented it (transactions sent by apps). `lock` holds the
    /// statements that take the chain's lock (``WriteLanes/write(key:lockingInBody:)``), sent first.
    func apply(
        _ evidence: VerifiedEvidence, claimant: String?, lock: [SQLStatement] = [], in database: SQLTransaction
    ) throws -> (ApplyOutcome, ClaimDecision?) {
        let chain = evidence.transaction?.originalTransactionId ?? evidence.renewal?.originalTransactionId
        let claims = claimant != nil && evidence.transaction != nil
        let token = chain == nil || claims ? nil : (evidence.transaction?.appAccountTokenUUID ?? evidence.renewal?.appAccountTokenUUID)?
            .uuidString.lowercased()
        let ledger = LedgerWriter(configuration: configuration)

        // First round trip: the lock, the notification's record, and what the rest depends on.
        var first = lock
        let record = evidence.notification.map { notification in
            first.append(recording(notification, of: evidence))
            return first.count - 1
        }
        if let token { first += KeyLock.statements(OwnershipWriter.tokenLockKey(token), dialect: database.dialect) }
        let request = ChainSnapshot.Request(
            transactionId: evidence.transaction?.transactionId, chain: chain, token: token,
            ledgerEntry: evidence.transaction.flatMap(ledger.debitEntryId(for:)))
        let read = ChainSnapshot.statement(request).map { statement in
            first.append(statement)
            return first.count - 1
        }
        let results = try database.pipeline(first)
        if let record, results[record].changedRowCount != 1 { return (.duplicateNotification, nil) }
        let snapshot = try read.map { try ChainSnapshot(rows: results[$0].rows) } ?? ChainSnapshot()

        // What the snapshot decides.
        var context = WriteContext()
        var writes: [SQLStatement] = []
        if let transaction = evidence.transaction {
            let (write, statement) = try TransactionRegister.plan(transaction, stored: snapshot.transaction, evidence: evidence)
            context.transactionWrite = write
            writes += statement.map { [$0] } ?? []
        }
        if let chain {
            let (write, statement) = try ChainRegisters.plan(evidence, chain: chain, stored: snapshot.registers)
            context.chainWrite = write
            writes += statement.map { [$0] } ?? []
        }
        var decision: ClaimDecision?
        var owners: [String] = []
        var ownershipChanged = false
        if let chain {
            let ownership = OwnershipWriter(policy: configuration.restorePolicy, now: now)
            owners = snapshot.owners.map(\.account)
            if let claimant, claims {
                decision = try ownership.claim(
                    chain: chain, by: claimant, current: snapshot.owners, evidence: evidence.source.rawValue, in: database)
                owners = try ownership.owners(of: chain, in: database).map(\.account)
                ownershipChanged = true
            } else if owners.isEmpty, let token {
                let account = snapshot.tokenAccount ?? token
                writes += ownership.linking(chain: chain, to: account, token: token)
                owners = [account]
                ownershipChanged = true
            }
        }
        owners.sort()

        // A consumable's ledger entries go first, because which of them are new decides its events.
        if let transaction = evidence.transaction {
            let entries = ledger.plan(
                transaction, write: context.transactionWrite, storedRevoked: snapshot.transaction?.isRevoked ?? false,
                debited: snapshot.hasLedgerEntry)
            if !entries.isEmpty {
                let results = try database.pipeline(writes + entries.map(\.statement))
                writes = []
                for (entry, result) in zip(entries, results.suffix(entries.count)) where result.changedRowCount == 1 {
                    context.ledgerEvents.append(entry.event)
                }
            }
        }
        var events = context.ledgerEvents + EventWriter(configuration: configuration, now: now).events(evidence, context: context)
        for index in events.indices { events[index].accountIds = owners }

        // Last round trip: the changes, the events, the applied flag and the account versions.
        var after: [SQLStatement] = []
        if context.timelineAdvanced, let notification = evidence.notification {
            after.append(SQLStatement("UPDATE ent_notifications SET applied = 1 WHERE notification_uuid = ?", [.text(notification.uuid)]))
        }
        let advanced = context.advancedState
        var affected: [String] = []
        if case .transferred(let previous)? = decision { affected += previous }
        if advanced || ownershipChanged {
            for owner in owners {
                after.append(AccountVersions.bumping(owner, at: now))
                affected.append(owner)
            }
        }
        let written = try store(writes: writes, events: events, after: after, in: database)
        return (ApplyOutcome(
            duplicate: false, advancedState: advanced, appliedToTimeline: context.timelineAdvanced, eventIds: written,
            affectedAccounts: affected), decision)
    }

    /// Runs `writes`, stores `events` (each once, queued for every webhook) and runs `after`, in one pipeline on
    /// PostgreSQL; returns the ids of the events that were new.
    private func store(writes: [SQLStatement], events: [NormalizedEvent], after: [SQLStatement], in database: SQLTransaction) throws -> [String] {
        let endpoints = configuration.webhooks.map(\.name)
        guard database.dialect == .postgresql else {
            _ = try database.pipeline(writes)
            var written: [String] = []
            for event in events {
                if try EventWriter.store(event, endpoints: endpoints, now: now, in: database) { written.append(event.id) }
            }
            _ = try database.pipeline(after)
            return written
        }
        let storing = try events.map { try EventWriter.storing($0, endpoints: endpoints, now: now) }
        let results = try database.pipeline(writes + storing + after)
        return zip(events, results.dropFirst(writes.count)).filter { !$1.rows.isEmpty }.map(\.0.id)
    }

    /// The statement that records the notification once, by UUID; it changes no row when the UUID was seen before.
    private func recording(_ notification: VerifiedEvidence.NotificationIdentity, of evidence: VerifiedEvidence) -> SQLStatement {
        SQLStatement(
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
