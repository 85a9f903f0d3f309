/// Renewals, expiries and billing failures (subscription-lifecycle.md §2.4 rows 2–9, 16b, 17; §3.2–§3.4; §6).
extension SubscriptionLifecycle {
    /// The chain's due event came: renew, fail or expire at the end of the period; end grace; end retry.
    /// A due event that no longer matches the state (it was replaced meanwhile) does nothing.
    mutating func dueEventFired(
        _ kind: LifecycleDueEvent.Kind, in context: LifecycleContext, ids: inout TransactionIdentifierGenerator,
        actions: inout [LifecycleAction]
    ) {
        switch (kind, state) {
        case (.renewal, .active):
            periodEnded(in: context, ids: &ids, actions: &actions)
        case (.gracePeriodEnd, .inGracePeriod(_, let retryEnd)):
            state = .inBillingRetry(billingRetryExpiresDate: retryEnd)
            actions.append(.enqueueNotification(draft(.gracePeriodExpired, in: context)))
        case (.billingRetryEnd, .inBillingRetry), (.billingRetryEnd, .inGracePeriod):
            expire(.billingError, in: context, actions: &actions)
        default:
            break
        }
    }

    /// The end of an active period (§6 "Renewal due").
    private mutating func periodEnded(
        in context: LifecycleContext, ids: inout TransactionIdentifierGenerator, actions: inout [LifecycleAction]
    ) {
        if let limit = context.policy.maximumRenewals, renewalCount >= limit, isAutoRenewEnabled {
            isAutoRenewEnabled = false
        }
        if !isAutoRenewEnabled {
            let declined = hasDeclinedPriceIncrease
                && context.policy.declinedPriceIncreaseExpiration == .expireWithPriceIncrease
            expire(declined ? .customerDidNotConsentToPriceIncrease : .customerCancelled, in: context, actions: &actions)
        } else if let increase = pendingPriceIncrease, increase.requiresConsent, !increase.isAccepted {
            expire(.customerDidNotConsentToPriceIncrease, in: context, actions: &actions)
        } else if !context.isForSale(autoRenewProductId) {
            expire(.productNotAvailable, in: context, actions: &actions)
        } else if isBillingIssueScheduled || context.isBillingRetryOnRenewalEnabled {
            failRenewal(in: context, actions: &actions)
        } else {
            renew(startingAt: expiresDate, subtype: nil, in: context, ids: &ids, actions: &actions)
        }
    }

    /// A new `RENEWAL` transaction for the next period starting at `start`: `DID_RENEW` (with `subtype`
    /// `BILLING_RECOVERY` after a billing failure).
    mutating func renew(
        startingAt start: Timestamp, subtype: Subtype?, in context: LifecycleContext,
        ids: inout TransactionIdentifierGenerator, actions: inout [LifecycleAction]
    ) {
        let terms = nextPeriodTerms(in: context)
        if let increase = pendingPriceIncrease, increase.productId == terms.productId {
            increasedPrices[terms.productId] = increase.newPriceMilliunits
            pendingPriceIncrease = nil
        }
        let end = (try? periodEnd(from: start, productId: terms.productId, offer: terms.offer, in: context)) ?? start
        state = .active
        productId = terms.productId
        currentOffer = terms.offer
        nextOffer = nil
        isBillingIssueScheduled = false
        renewalCount += 1
        latestTransactionId = ids.makeTransactionId()
        latestWebOrderLineItemId = ids.makeWebOrderLineItemId()
        mirroredTransactionId = nil
        periodStart = start
        expiresDate = end
        currentPriceMilliunits = terms.price
        currency = context.storefront.currency
        actions.append(.createTransaction(makeTransaction(
            id: latestTransactionId, webOrderLineItemId: latestWebOrderLineItemId, productId: terms.productId,
            purchaseDate: start, expiresDate: end, price: terms.price, offer: terms.offer, reason: .renewal,
            in: context)))
        actions.append(.enqueueNotification(draft(.didRenew, subtype, in: context)))
    }

    /// Expires the chain now with `intent`: `EXPIRED` with the matching subtype, status 2, auto-renew off.
    mutating func expire(_ intent: ExpirationIntent, in context: LifecycleContext, actions: inout [LifecycleAction]) {
        state = .expired(intent: intent, date: context.now)
        isAutoRenewEnabled = false
        pendingPriceIncrease = nil
        nextOffer = nil
        isBillingIssueScheduled = false
        let subtype = ExpirationReason(intent: intent).expiredSubtype
        actions.append(.enqueueNotification(draft(.expired, subtype, in: context)))
    }

    /// A renewal failed for billing reasons: grace (`DID_FAIL_TO_RENEW/GRACE_PERIOD`, status 4) when enabled
    /// for this renewal, else billing retry (`DID_FAIL_TO_RENEW`, status 3).
    private mutating func failRenewal(in context: LifecycleContext, actions: inout [LifecycleAction]) {
        let failedAt = context.now
        let retryEnd = failedAt.adding(context.billingRetryDuration)
        let convertsFromFree = currentOffer?.discountType == .freeTrial
        let graceApplies = context.isBillingGracePeriodEnabled
            && (context.policy.gracePeriodScope == .allRenewals || !convertsFromFree)
        isBillingIssueScheduled = false
        if graceApplies, let period = context.catalog.recurringPeriod(of: autoRenewProductId) {
            let graceEnd = min(failedAt.adding(context.gracePeriod(for: period)), retryEnd)
            state = .inGracePeriod(gracePeriodExpiresDate: graceEnd, billingRetryExpiresDate: retryEnd)
            actions.append(.enqueueNotification(draft(.didFailToRenew, .gracePeriod, in: context)))
        } else {
            state = .inBillingRetry(billingRetryExpiresDate: retryEnd)
            actions.append(.enqueueNotification(draft(.didFailToRenew, in: context)))
        }
    }

    /// Billing works again. In grace the billing cycle is kept (the new period starts at the old expiry); in
    /// retry a new cycle starts now. While active, a scheduled failure is called off.
    mutating func resolveBillingIssue(
        in context: LifecycleContext, ids: inout TransactionIdentifierGenerator, actions: inout [LifecycleAction]
    ) throws(LifecycleError) {
        switch state {
        case .active:
            isBillingIssueScheduled = false
        case .inGracePeriod:
            renew(startingAt: expiresDate, subtype: .billingRecovery, in: context, ids: &ids, actions: &actions)
        case .inBillingRetry:
            renew(startingAt: context.now, subtype: .billingRecovery, in: context, ids: &ids, actions: &actions)
        case .expired, .revoked:
            throw invalidState("resolve a billing issue")
        }
    }

    /// Auto-renew on or off (`DID_CHANGE_RENEWAL_STATUS`). Off during grace or retry expires the subscription at
    /// once, as the policy says (row 9).
    mutating func setAutoRenew(
        _ enabled: Bool, in context: LifecycleContext, actions: inout [LifecycleAction]
    ) throws(LifecycleError) {
        guard state.isOngoing else { throw invalidState("turn auto-renew \(enabled ? "on" : "off")") }
        guard enabled != isAutoRenewEnabled else { return }
        isAutoRenewEnabled = enabled
        if enabled { hasDeclinedPriceIncrease = false }
        let subtype: Subtype = enabled ? .autoRenewEnabled : .autoRenewDisabled
        actions.append(.enqueueNotification(draft(.didChangeRenewalStatus, subtype, in: context)))
        if !enabled, state.hasBillingIssue {
            let voluntary = context.policy.billingIssueCancellation == .expireVoluntarily
            expire(voluntary ? .customerCancelled : .billingError, in: context, actions: &actions)
        }
    }

    /// StoreKit Testing's `expireSubscription`: auto-renew off, the period ends now, `EXPIRED/VOLUNTARY`.
    mutating func expireNow(
        _ latest: JWSTransactionDecodedPayload, in context: LifecycleContext, actions: inout [LifecycleAction]
    ) throws(LifecycleError) {
        guard state.isOngoing, !isFamilyShared else { throw invalidState("expire the subscription") }
        try checkLatest(latest)
        if expiresDate > context.now {
            expiresDate = context.now
            var shortened = latest
            shortened.expiresDate = context.now
            actions.append(.updateTransaction(shortened))
        }
        if isAutoRenewEnabled {
            isAutoRenewEnabled = false
            actions.append(.enqueueNotification(draft(.didChangeRenewalStatus, .autoRenewDisabled, in: context)))
        }
        expire(.customerCancelled, in: context, actions: &actions)
    }

    /// StoreKit Testing's `forceRenewalOfSubscription`: the period ends now and the next one starts; auto-renew
    /// turns back on and a pending price increase is dropped. From grace or retry it is a billing recovery.
    mutating func forceRenewal(
        _ latest: JWSTransactionDecodedPayload, in context: LifecycleContext, ids: inout TransactionIdentifierGenerator,
        actions: inout [LifecycleAction]
    ) throws(LifecycleError) {
        guard state.isOngoing, !isFamilyShared else { throw invalidState("force a renewal") }
        try checkLatest(latest)
        if expiresDate > context.now {
            expiresDate = context.now
            var shortened = latest
            shortened.expiresDate = context.now
            actions.append(.updateTransaction(shortened))
        }
        if let increase = pendingPriceIncrease, !increase.isAccepted { pendingPriceIncrease = nil }
        hasDeclinedPriceIncrease = false
        if !isAutoRenewEnabled {
            isAutoRenewEnabled = true
            actions.append(.enqueueNotification(draft(.didChangeRenewalStatus, .autoRenewEnabled, in: context)))
        }
        let recovering = state.hasBillingIssue
        renew(startingAt: context.now, subtype: recovering ? .billingRecovery : nil, in: context, ids: &ids,
            actions: &actions)
    }

    /// Throws unless `transaction` is the chain's latest.
    func checkLatest(_ transaction: JWSTransactionDecodedPayload) throws(LifecycleError) {
        try checkMembership(transaction)
        guard transaction.transactionId == latestTransactionId else {
            throw invalidState("use transaction \(transaction.transactionId ?? "?"), which is not the latest "
                + "(\(latestTransactionId))")
        }
    }
}
