import StoreModel
import StoreStorage

/// Subscription chains: running lifecycle events, applying their actions, following them in family members'
/// chains.
extension OperationScope {
    /// Handles an event on a chain, applies the actions, and lets family members follow.
    @discardableResult
    func handle(
        _ event: LifecycleEvent, on originalTransactionId: String, origin: PurchaseOrigin? = nil
    ) throws(AppStoreEngineError) -> AppliedActions {
        var record = try chain(originalTransactionId)
        return try handle(event, on: &record, origin: origin)
    }

    /// Handles an event on a loaded chain.
    @discardableResult
    func handle(
        _ event: LifecycleEvent, on record: inout ChainRecord, origin: PurchaseOrigin? = nil
    ) throws(AppStoreEngineError) -> AppliedActions {
        let app = try app(record.lifecycle.bundleId)
        let context = try context(app: app, accountId: record.lifecycle.accountId)
        var identifiers = counters.identifiers
        let actions: [LifecycleAction]
        do {
            actions = try record.lifecycle.handle(event, in: context, identifiers: &identifiers)
        } catch {
            throw AppStoreEngineError(error, bundleId: app.bundleId)
        }
        counters.identifiers = identifiers
        let followed = try mayHaveFollowers(record.lifecycle) ? actions : []
        let applied = try apply(consume actions, to: &record, app: app, origin: origin)
        try propagateToFamily(record.lifecycle, actions: followed, grants: applied.grantsFamilyAccess, app: app)
        return applied
    }

    /// Whether family members' chains may follow this chain's events, which then need its actions after they
    /// were applied (a member's chain follows only a purchaser's, and none exists without any member chain).
    private func mayHaveFollowers(_ lifecycle: SubscriptionLifecycle) throws(AppStoreEngineError) -> Bool {
        guard !lifecycle.isFamilyShared else { return false }
        return try anyMemberChainMayExist()
    }

    /// Whether any family member's chain may exist: asked of the store once per operation, and true from the
    /// moment this operation saves one.
    private func anyMemberChainMayExist() throws(AppStoreEngineError) -> Bool {
        if mayHaveMemberChains == nil { mayHaveMemberChains = try tables.hasMemberChains() }
        return mayHaveMemberChains == true
    }

    /// Starts a new chain with a first purchase.
    func startChain(
        _ purchase: SubscriptionPurchase, accountId: String, app: RegisteredApp, origin: PurchaseOrigin
    ) throws(AppStoreEngineError) -> AppliedActions {
        let context = try context(app: app, accountId: accountId)
        var identifiers = counters.identifiers
        let started: (lifecycle: SubscriptionLifecycle, actions: [LifecycleAction])
        do {
            started = try SubscriptionLifecycle.start(purchase, accountId: accountId, in: context, identifiers: &identifiers)
        } catch {
            throw AppStoreEngineError(error, bundleId: app.bundleId)
        }
        counters.identifiers = identifiers
        var record = ChainRecord(lifecycle: started.lifecycle, dueSequence: nil, owner: ChainOwner(context))
        let followed = try mayHaveFollowers(record.lifecycle) ? started.actions : []
        let applied = try apply(started.actions, to: &record, app: app, origin: origin, isNew: true)
        try propagateToFamily(record.lifecycle, actions: followed, grants: applied.grantsFamilyAccess, app: app)
        return applied
    }

    /// Writes a chain's actions: transactions, notifications, the updates feed and the chain row.
    func apply(
        _ actions: consuming [LifecycleAction], to record: inout ChainRecord, app: RegisteredApp,
        origin: PurchaseOrigin?, isNew: Bool = false
    ) throws(AppStoreEngineError) -> AppliedActions {
        var applied = AppliedActions()
        var dueChanged = isNew
        // New transactions are announced as they are stored (a purchase made in the app is answered instead).
        let answered = origin == .app ? actions.completedPurchaseTransactionId : nil
        // The transaction last stored, which the notifications that follow are usually about. It joins `applied`
        // (moved, not copied: a copy retains each of its payload's strings) when the next one is stored, or at the end.
        var recent: StoredTransaction?
        var recentIsCreated = false
        // Each action is moved out of the array (a placeholder takes its place) rather than copied: a
        // transaction's payload is dozens of strings.
        var remaining = consume actions
        for index in remaining.indices {
            var action = LifecycleAction.cancelDueEvent
            swap(&action, &remaining[index])
            switch consume action {
            case .createTransaction(let payload):
                let stored = try insert(
                    payload, accountId: record.lifecycle.accountId, announced: payload.transactionId != answered,
                    previousInChain: record.latestTransactionKey ?? 0)
                record.latestTransactionKey = try EngineTables.key(stored.id)
                Self.keep(&recent, isCreated: recentIsCreated, in: &applied)
                recent = consume stored
                recentIsCreated = true
            case .updateTransaction(let payload):
                let stored = try update(payload)
                Self.keep(&recent, isCreated: recentIsCreated, in: &applied)
                recent = consume stored
                recentIsCreated = false
            case .enqueueNotification(let draft):
                if draft.notificationType == .subscribed || draft.notificationType == .refundReversed {
                    applied.grantsFamilyAccess = true
                }
                try enqueue(draft, app: app, recent: recent)
            case .scheduleDueEvent, .cancelDueEvent:
                dueChanged = true
            case .completePurchase(let id):
                applied.completedPurchase = id
            }
        }
        Self.keep(&recent, isCreated: recentIsCreated, in: &applied)
        if dueChanged {
            record.dueSequence = record.lifecycle.dueEvent == nil
                ? nil : EngineCounters.take(&counters.nextDueSequence)
            if let due = record.lifecycle.dueEvent?.date { earliestScheduled = min(earliestScheduled ?? due, due) }
        }
        try tables.save(record)
        record.storedProductId = record.lifecycle.productId
        record.storedDue = record.dueColumns
        chainSaves += 1
        chainSaved(record.lifecycle)
        if record.lifecycle.purchaserOriginalTransactionId != nil { mayHaveMemberChains = true }
        // Updated transactions are announced once each, unless created by these actions (announced as stored).
        guard !applied.updated.isEmpty else { return applied }
        var announced = Set(applied.created.map(\.id))
        for transaction in applied.updated where announced.insert(transaction.id).inserted {
            if origin == .app, transaction.id == applied.completedPurchase { continue }
            try announce(try storedTransaction(transaction.id))
        }
        return applied
    }

    /// Moves `transaction` (when there is one) to the end of `applied`'s created or updated transactions.
    private static func keep(_ transaction: inout StoredTransaction?, isCreated: Bool, in applied: inout AppliedActions) {
        guard let kept = transaction.take() else { return }
        if isCreated { applied.created.append(kept) } else { applied.updated.append(kept) }
    }

    /// The family members' chains that follow a purchaser's chain. Without any member chain in the store (read
    /// once per operation), none is looked for: renewals of subscriptions nobody shares skip the query.
    func memberChains(of purchaser: String) throws(AppStoreEngineError) -> [ChainRecord] {
        guard try anyMemberChainMayExist() else { return [] }
        return try tables.memberChains(of: purchaser)
    }

    /// Lets family members follow a purchaser's event: revocation after a refund, mirrored periods and
    /// notifications, and new grants when the purchaser (re)subscribes (`grants`: the actions raised a
    /// `SUBSCRIBED` or `REFUND_REVERSED` notification, as ``AppliedActions/grantsFamilyAccess`` notes).
    private func propagateToFamily(
        _ purchaser: SubscriptionLifecycle, actions: [LifecycleAction], grants: Bool, app: RegisteredApp
    ) throws(AppStoreEngineError) {
        guard !purchaser.isFamilyShared else { return }
        let members = try memberChains(of: purchaser.originalTransactionId)
        if case .revoked = purchaser.state {
            let reason = actions.updatedTransactions.last?.revocationReason ?? .refundedForOtherReason
            for var member in members where member.lifecycle.state.isOngoing {
                let latest = try payload(member.lifecycle.latestTransactionId)
                try handle(.familyRevoke(reason: reason, latestTransaction: latest), on: &member)
            }
            return
        }
        for var member in members where member.lifecycle.state.isOngoing {
            let mirror = FamilyMirror(
                purchaser: purchaser, purchaserActions: actions,
                memberLatestTransaction: try payload(member.lifecycle.latestTransactionId))
            try handle(.familyMirror(mirror), on: &member)
        }
        guard purchaser.state.isOngoing else { return }
        if grants { try grantFamilyAccess(to: purchaser, app: app, members: members) }
    }

    /// Gives every other account of the purchaser's family a chain following the purchaser's (new or again).
    func grantFamilyAccess(
        to purchaser: SubscriptionLifecycle, app: RegisteredApp, members: [ChainRecord]? = nil,
        only accountId: String? = nil
    ) throws(AppStoreEngineError) {
        guard app.catalog.subscription(id: purchaser.productId)?.familyShareable == true,
            let family = try account(purchaser.accountId).familyGroup
        else { return }
        var known = members ?? []
        if members == nil { known = try memberChains(of: purchaser.originalTransactionId) }
        let purchaserTransaction = try payload(purchaser.latestTransactionId)
        for account in try tables.accounts(inFamily: family)
        where account.id != purchaser.accountId && (accountId == nil || account.id == accountId) {
            if var member = known.first(where: { $0.lifecycle.accountId == account.id }) {
                guard !member.lifecycle.state.isOngoing else { continue }
                try handle(.familyRegrant(purchaser: purchaser, purchaserTransaction: purchaserTransaction), on: &member)
            } else {
                let context = try context(app: app, accountId: account.id)
                var identifiers = counters.identifiers
                let started = SubscriptionLifecycle.startFamilyMember(
                    of: purchaser, purchaserTransaction: purchaserTransaction, memberAccountId: account.id, in: context,
                    identifiers: &identifiers)
                counters.identifiers = identifiers
                var record = ChainRecord(lifecycle: started.lifecycle, dueSequence: nil, owner: ChainOwner(context))
                _ = try apply(started.actions, to: &record, app: app, origin: .outsideApp, isNew: true)
            }
        }
    }
}
