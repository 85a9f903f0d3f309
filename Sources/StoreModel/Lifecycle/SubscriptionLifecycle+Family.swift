/// Family Sharing: members hold chains of their own that follow the purchaser's (subscription-lifecycle.md
/// §2.4 rows 13, 13b, 13c; §3.8).
extension SubscriptionLifecycle {
    /// The notification types a member receives when the purchaser's chain sends them (§3.8, news 2021-03-10).
    /// Refunds become `REVOKE` through ``LifecycleEvent/familyRevoke(reason:latestTransaction:)``; offer
    /// redemptions, price increases, refund requests and consumption requests stay with the purchaser.
    public static let mirroredNotificationTypes: Set<NotificationTypeV2> = [
        .subscribed, .didRenew, .didFailToRenew, .gracePeriodExpired, .expired, .didChangeRenewalStatus,
        .didChangeRenewalPref, .renewalExtended,
    ]

    /// Starts a family member's chain from the purchaser's ongoing chain: a `FAMILY_SHARED` transaction
    /// granted now that expires with the purchaser's period, and `SUBSCRIBED/INITIAL_BUY`.
    /// - Parameters:
    ///   - purchaser: The purchaser's chain.
    ///   - purchaserTransaction: The purchaser's latest transaction.
    ///   - memberAccountId: The family member.
    ///   - context: The member's context (their storefront and app transaction).
    ///   - identifiers: The source of the member's identifiers.
    public static func startFamilyMember(
        of purchaser: SubscriptionLifecycle, purchaserTransaction: JWSTransactionDecodedPayload,
        memberAccountId: String, in context: LifecycleContext, identifiers: inout TransactionIdentifierGenerator
    ) -> (lifecycle: SubscriptionLifecycle, actions: [LifecycleAction]) {
        var ids = identifiers
        let id = ids.makeTransactionId()
        let webOrderLineItemId = context.policy.familyWebOrderLineItemId == .sameAsPurchaser
            ? purchaser.latestWebOrderLineItemId : ids.makeWebOrderLineItemId()
        var member = SubscriptionLifecycle(
            originalTransactionId: id, accountId: memberAccountId, bundleId: purchaser.bundleId,
            subscriptionGroupIdentifier: purchaser.subscriptionGroupIdentifier, ownership: .familyShared,
            purchaserOriginalTransactionId: purchaser.originalTransactionId, originalPurchaseDate: context.now,
            productId: purchaser.productId, webOrderLineItemId: webOrderLineItemId, periodEnd: purchaser.expiresDate,
            offer: purchaser.currentOffer, price: purchaser.currentPriceMilliunits, currency: purchaser.currency,
            appAccountToken: nil)
        member.follow(purchaser)
        member.periodStart = context.now
        member.recentSubscriptionStartDate = context.now
        member.mirroredTransactionId = purchaserTransaction.transactionId
        var actions: [LifecycleAction] = [.createTransaction(member.memberTransaction(
            copying: purchaserTransaction, id: id, webOrderLineItemId: webOrderLineItemId, purchaseDate: context.now,
            reason: .purchase, in: context))]
        actions.append(.enqueueNotification(member.draft(.subscribed, .initialBuy, in: context)))
        identifiers = ids
        return (member, actions)
    }

    /// Follows the purchaser's event: mirrors new and changed transactions and the notifications members get.
    mutating func mirrorPurchaser(
        _ mirror: FamilyMirror, in context: LifecycleContext, ids: inout TransactionIdentifierGenerator,
        actions: inout [LifecycleAction]
    ) {
        var latest = mirror.memberLatestTransaction
        for updated in mirror.purchaserActions.updatedTransactions
        where updated.transactionId == mirroredTransactionId && latest.transactionId == latestTransactionId {
            var changed = latest
            changed.isUpgraded = updated.isUpgraded
            changed.expiresDate = updated.expiresDate
            if changed != latest {
                actions.append(.updateTransaction(changed))
                latest = changed
            }
        }
        for created in mirror.purchaserActions.createdTransactions {
            let id = ids.makeTransactionId()
            let web = context.policy.familyWebOrderLineItemId == .sameAsPurchaser
                ? (created.webOrderLineItemId ?? ids.makeWebOrderLineItemId()) : ids.makeWebOrderLineItemId()
            latestTransactionId = id
            latestWebOrderLineItemId = web
            mirroredTransactionId = created.transactionId
            actions.append(.createTransaction(memberTransaction(
                copying: created, id: id, webOrderLineItemId: web, purchaseDate: created.purchaseDate ?? context.now,
                reason: created.transactionReason ?? .renewal, in: context)))
        }
        follow(mirror.purchaser)
        for source in mirror.purchaserActions.notifications {
            guard let draft = memberDraft(mirroring: source, in: context) else { continue }
            actions.append(.enqueueNotification(draft))
        }
    }

    /// `REVOKE`: the member's latest transaction is revoked (`FAMILY_REVOKE`) and the chain with it (status 5).
    mutating func familyRevoke(
        reason: RevocationReason, latest: JWSTransactionDecodedPayload, in context: LifecycleContext,
        actions: inout [LifecycleAction]
    ) throws(LifecycleError) {
        guard isFamilyShared else { throw invalidState("revoke family access to a purchased subscription") }
        try checkLatest(latest)
        guard !isRevoked else { throw .transactionAlreadyRevoked(transactionId: latestTransactionId) }
        var revoked = latest
        revoked.revocationDate = context.now
        revoked.revocationReason = reason
        revoked.revocationType = .familyRevoke
        actions.append(.updateTransaction(revoked))
        state = .revoked(previous: state, date: context.now)
        actions.append(.enqueueNotification(draft(.revoke, in: context)))
    }

    /// A member whose access ended gains it again: a new `FAMILY_SHARED` transaction and
    /// `SUBSCRIBED/RESUBSCRIBE`.
    mutating func familyRegrant(
        purchaser: SubscriptionLifecycle, purchaserTransaction: JWSTransactionDecodedPayload,
        in context: LifecycleContext, ids: inout TransactionIdentifierGenerator, actions: inout [LifecycleAction]
    ) throws(LifecycleError) {
        guard isFamilyShared, !state.isOngoing else { throw invalidState("grant family access again") }
        guard purchaser.state.isOngoing else { throw purchaser.invalidState("share the subscription") }
        let id = ids.makeTransactionId()
        let web = context.policy.familyWebOrderLineItemId == .sameAsPurchaser
            ? purchaser.latestWebOrderLineItemId : ids.makeWebOrderLineItemId()
        latestTransactionId = id
        latestWebOrderLineItemId = web
        mirroredTransactionId = purchaserTransaction.transactionId
        follow(purchaser)
        periodStart = context.now
        actions.append(.createTransaction(memberTransaction(
            copying: purchaserTransaction, id: id, webOrderLineItemId: web, purchaseDate: context.now,
            reason: .purchase, in: context)))
        actions.append(.enqueueNotification(draft(.subscribed, .resubscribe, in: context)))
    }

    /// Copies the purchaser's subscription state (everything but identity and transactions).
    private mutating func follow(_ purchaser: SubscriptionLifecycle) {
        state = purchaser.state
        productId = purchaser.productId
        autoRenewProductId = purchaser.autoRenewProductId
        isAutoRenewEnabled = purchaser.isAutoRenewEnabled
        periodStart = purchaser.periodStart
        expiresDate = purchaser.expiresDate
        currentOffer = purchaser.currentOffer
        nextOffer = purchaser.nextOffer
        pendingPriceIncrease = purchaser.pendingPriceIncrease
        increasedPrices = purchaser.increasedPrices
        hasDeclinedPriceIncrease = purchaser.hasDeclinedPriceIncrease
        renewalCount = purchaser.renewalCount
        currentPriceMilliunits = purchaser.currentPriceMilliunits
        currency = purchaser.currency
    }

    /// The member's copy of a purchaser transaction: own identifiers, `FAMILY_SHARED`, no app account token.
    private func memberTransaction(
        copying source: JWSTransactionDecodedPayload, id: String, webOrderLineItemId: String, purchaseDate: Timestamp,
        reason: TransactionReason, in context: LifecycleContext
    ) -> JWSTransactionDecodedPayload {
        var copy = source
        copy.transactionId = id
        copy.originalTransactionId = originalTransactionId
        copy.webOrderLineItemId = webOrderLineItemId
        copy.originalPurchaseDate = originalPurchaseDate
        copy.purchaseDate = purchaseDate
        copy.inAppOwnershipType = .familyShared
        copy.appAccountToken = nil
        copy.isUpgraded = nil
        copy.revocationDate = nil
        copy.revocationReason = nil
        copy.revocationType = nil
        copy.revocationPercentage = nil
        copy.transactionReason = reason
        copy.storefront = context.storefront.countryCode
        copy.storefrontId = context.storefront.id
        copy.appTransactionId = context.appTransactionId
        copy.signedDate = nil
        return copy
    }

    /// The member's version of a purchaser notification, or `nil` when members do not get it. An offer
    /// redeemed to change plans reaches members as the plan change (`DID_CHANGE_RENEWAL_PREF`).
    private func memberDraft(mirroring source: NotificationDraft, in context: LifecycleContext) -> NotificationDraft? {
        var type = source.notificationType
        if type == .offerRedeemed {
            guard source.subtype != nil else { return nil }
            type = .didChangeRenewalPref
        }
        guard Self.mirroredNotificationTypes.contains(type) else { return nil }
        var renewalInfo = source.renewalInfo
        renewalInfo?.originalTransactionId = originalTransactionId
        renewalInfo?.appAccountToken = nil
        renewalInfo?.eligibleWinBackOfferIds = nil
        renewalInfo?.appTransactionId = context.appTransactionId
        return NotificationDraft(
            notificationType: type, subtype: source.subtype, transactionId: latestTransactionId,
            renewalInfo: renewalInfo, status: source.status)
    }
}
