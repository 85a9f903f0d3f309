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
/// On PostgreSQL every round trip to the server is a wait and every statement costs the server a parse-free but
/// still sizeable execution, so a write sends few statements in few pipelines (``SQLTransaction/pipeline(_:)``):
/// first the locks of its chain and `appAccountToken` (one statement) and the ``ChainSnapshot`` (one statement, which
/// also finds a repeated notification); then every change the snapshot decides, with the events, the notification's
/// record and the account versions, as one ``CombinedWrite``; a consumable's ledger entries are among those changes,
/// since the snapshot says which exist. (A claim by an account, rare, runs its own statements in between.) On
/// SQLite, which has neither round trips nor data-modifying `WITH`, the same statements run one after another.
///
/// On PostgreSQL, writes without a claimant that share a batch go through ``IngestGroup`` instead, which uses
/// ``reading(_:claimant:lockKey:)`` and ``plan(_:reading:snapshot:claimant:in:)`` for each write and sends the whole
/// batch's reads and changes as a few multi-row statements.
struct StateWriter {
    let configuration: EntitlementServerConfiguration
    let now: Timestamp

    /// What a write reads before it changes anything, and under which locks.
    struct Reading {
        /// The chain the evidence belongs to.
        let chain: String?
        /// Whether an account claims the chain (a transaction sent by an app).
        let claims: Bool
        /// The `appAccountToken` that links an unowned chain to an account (lower-case text).
        let token: String?
        /// The keys to lock, in order: the write's own, then its token's.
        let lockKeys: [String]
        /// The ``ChainSnapshot`` to read under those locks.
        let request: ChainSnapshot.Request
    }

    /// Every change one write makes, as the snapshot decided it.
    struct Changes {
        /// The transaction, chain, ownership and ledger statements.
        var writes: [SQLStatement] = []
        /// The chain's registers as one row of ``ChainRegisters/rowColumns``, when ``writes`` changes them.
        var chainRow: [SQLValue]?
        /// The transaction's columns in the order of ``TransactionRegister/insertSQL``, when ``writes`` stores it.
        var transactionRow: [SQLValue]?
        /// The account ``writes`` links the chain to, by its `appAccountToken`.
        var linkedOwner: String?
        /// The ledger entries ``writes`` inserts.
        var ledgerEntryIds: [String] = []
        /// The events, each stored once.
        var events: [NormalizedEvent] = []
        /// The statement that records the notification, if any.
        var record: SQLStatement?
        /// The accounts whose versions to bump.
        var bumps: [String] = []
        /// The accounts whose cached answers the write makes stale.
        var affected: [String] = []
        var advancedState = false
        var appliedToTimeline = false
        var decision: ClaimDecision?

        /// The outcome, with the ids of the events that were new.
        func outcome(eventIds: [String]) -> ApplyOutcome {
            ApplyOutcome(
                duplicate: false, advancedState: advancedState, appliedToTimeline: appliedToTimeline, eventIds: eventIds,
                affectedAccounts: affected)
        }
    }

    /// Applies `evidence`; `claimant` is the account that presented it (transactions sent by apps). `lockKey` is the
    /// key whose lock this write takes first (``WriteLanes/write(key:lockingInBody:)``), `nil` on SQLite.
    func apply(
        _ evidence: VerifiedEvidence, claimant: String?, lockKey: String? = nil, in database: SQLTransaction
    ) throws -> (ApplyOutcome, ClaimDecision?) {
        let reading = reading(evidence, claimant: claimant, lockKey: lockKey)

        // First round trip: the locks (the chain's, then the token's) and what the rest depends on, including whether
        // the notification was recorded before. The chain's lock orders every write of one notification (a
        // notification's key is its chain, or its UUID when it has none), so a repeat is seen here and changes nothing.
        var first = KeyLock.statements(reading.lockKeys, dialect: database.dialect)
        var read: Int?
        if let statement = ChainSnapshot.statement(reading.request) {
            first.append(statement)
            read = first.count - 1
        }
        let results = try database.pipeline(first)
        let snapshot = try read.map { try ChainSnapshot(rows: results[$0].rows) } ?? ChainSnapshot()
        if snapshot.notificationSeen { return (.duplicateNotification, nil) }

        let changes = try plan(evidence, reading: reading, snapshot: snapshot, claimant: claimant, in: database)

        // Last round trip: the changes, the events, the notification's record (with whether it moved the timeline)
        // and the account versions.
        let after = (changes.record.map { [$0] } ?? []) + changes.bumps.map { AccountVersions.bumping($0, at: now) }
        let written = try store(writes: changes.writes, events: changes.events, after: after, in: database)
        return (changes.outcome(eventIds: written), changes.decision)
    }

    /// What applying `evidence` reads, and the locks it takes first.
    func reading(_ evidence: VerifiedEvidence, claimant: String?, lockKey: String?) -> Reading {
        let chain = evidence.transaction?.originalTransactionId ?? evidence.renewal?.originalTransactionId
        let claims = claimant != nil && evidence.transaction != nil
        let token = chain == nil || claims
            ? nil
            : AccountToken.canonical(evidence.transaction?.appAccountToken) ?? AccountToken.canonical(evidence.renewal?.appAccountToken)
        let lockKeys = (lockKey.map { [$0] } ?? []) + (token.map { [OwnershipWriter.tokenLockKey($0)] } ?? [])
        let request = ChainSnapshot.Request(
            notificationUUID: evidence.notification?.uuid, transactionId: evidence.transaction?.transactionId, chain: chain,
            token: token, ledgerEntries: evidence.transaction.flatMap(LedgerWriter(configuration: configuration).entryIds(for:)))
        return Reading(chain: chain, claims: claims, token: token, lockKeys: lockKeys, request: request)
    }

    /// The changes `snapshot` (read under the write's locks) decides for `evidence`, which was not recorded before.
    /// Only a claim (`claimant` set) runs statements of its own in `database`, in between.
    func plan(
        _ evidence: VerifiedEvidence, reading: Reading, snapshot: ChainSnapshot, claimant: String?, in database: SQLTransaction
    ) throws -> Changes {
        let chain = reading.chain
        let token = reading.token
        let ledger = LedgerWriter(configuration: configuration)
        var changes = Changes()
        var context = WriteContext()
        if let transaction = evidence.transaction {
            let (write, statement, row) = TransactionRegister.plan(transaction, stored: snapshot.transaction, evidence: evidence)
            context.transactionWrite = write
            changes.writes += statement.map { [$0] } ?? []
            changes.transactionRow = row
        }
        if let chain {
            let (write, statement, row) = ChainRegisters.plan(evidence, chain: chain, stored: snapshot.registers)
            context.chainWrite = write
            changes.writes += statement.map { [$0] } ?? []
            changes.chainRow = row
        }
        var owners: [String] = []
        var ownershipChanged = false
        if let chain {
            let ownership = OwnershipWriter(policy: configuration.restorePolicy, now: now)
            owners = snapshot.owners.map(\.account)
            if let claimant, reading.claims {
                changes.decision = try ownership.claim(
                    chain: chain, by: claimant, current: snapshot.owners, evidence: evidence.source.rawValue, in: database)
                owners = try ownership.owners(of: chain, in: database).map(\.account)
                ownershipChanged = true
            } else if owners.isEmpty, let token {
                let account = snapshot.tokenAccount ?? token
                changes.writes += ownership.linking(chain: chain, to: account, token: token)
                changes.linkedOwner = account
                owners = [account]
                ownershipChanged = true
            }
        }
        owners.sort()

        // A consumable's ledger entries: those the snapshot did not find are new (the chain's lock orders every write
        // of them), and each new one makes its event.
        if let transaction = evidence.transaction, let transactionId = transaction.transactionId {
            let entries = ledger.plan(
                transaction, write: context.transactionWrite, storedRevoked: snapshot.transaction?.isRevoked ?? false,
                debited: snapshot.ledgerEntries.contains(LedgerWriter.debitEntryId(transactionId: transactionId))
            ).filter { !snapshot.ledgerEntries.contains($0.id) }
            changes.writes += entries.map(\.statement)
            changes.ledgerEntryIds = entries.map(\.id)
            context.ledgerEvents = entries.map(\.event)
        }
        changes.events = context.ledgerEvents + EventWriter(configuration: configuration, now: now).events(evidence, context: context)
        for index in changes.events.indices { changes.events[index].accountIds = owners }

        if let notification = evidence.notification {
            changes.record = recordingStatement(notification, of: evidence, applied: context.timelineAdvanced)
        }
        changes.advancedState = context.advancedState
        changes.appliedToTimeline = context.timelineAdvanced
        if case .transferred(let previous)? = changes.decision { changes.affected += previous }
        if changes.advancedState || ownershipChanged {
            changes.bumps = owners
            changes.affected += owners
        }
        return changes
    }

    /// Runs `writes`, stores `events` (each once, queued for every webhook) and runs `after`, in one statement on
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
        var combined = CombinedWrite()
        writes.forEach { combined.add($0) }
        let labels = events.map { combined.addEvent($0, endpoints: endpoints, now: now) }
        after.forEach { combined.add($0) }
        guard !combined.isEmpty else { return [] }
        let new = try CombinedWrite.reportedLabels(in: database.pipeline([combined.statement])[0].rows)
        return zip(events, labels).filter { new.contains($0.1) }.map(\.0.id)
    }

    /// The statement that records the notification, by UUID, with whether it was applied to its chain's timeline. The
    /// snapshot found no record under the chain's lock; `ON CONFLICT` keeps a record made by anything else.
    func recordingStatement(
        _ notification: VerifiedEvidence.NotificationIdentity, of evidence: VerifiedEvidence, applied: Bool
    ) -> SQLStatement {
        SQLStatement(
            Self.recordSQL,
            [
                .text(notification.uuid), .text(notification.type.rawValue), SQLValue(notification.subtype?.rawValue),
                .integer(notification.signedDate.milliseconds),
                SQLValue(evidence.transaction?.originalTransactionId ?? evidence.renewal?.originalTransactionId),
                SQLValue(evidence.transaction?.transactionId), .text(evidence.environment.rawValue),
                .text(evidence.bundleId), .text(evidence.source.rawValue), SQLValue(applied), .integer(now.milliseconds),
            ])
    }

    /// The statement text that records a notification: uuid, type, subtype, signed date, chain, transaction,
    /// environment, bundle, source, applied, received at.
    static let recordSQL = """
        INSERT INTO ent_notifications (notification_uuid, notification_type, subtype, signed_date,
            original_transaction_id, transaction_id, environment, bundle_id, source, applied, received_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (notification_uuid) DO NOTHING
        """
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
