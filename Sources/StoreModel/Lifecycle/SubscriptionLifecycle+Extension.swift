/// Renewal-date extensions (subscription-lifecycle.md §2.4 rows 18, 18b; §3.9; §7.2).
extension SubscriptionLifecycle {
    /// Extends the renewal date by `days` (compressed under accelerated time rates): `RENEWAL_EXTENDED`.
    ///
    /// Eligible: active subscriptions with a paid current period, extended fewer than twice in the last 365
    /// days, and not family-shared. The latest transaction's `expiresDate` moves in place (or, by policy, a
    /// free extension transaction covers the added days).
    mutating func extendRenewalDate(
        _ request: RenewalDateExtension, in context: LifecycleContext, ids: inout TransactionIdentifierGenerator,
        actions: inout [LifecycleAction]
    ) throws(LifecycleError) {
        try checkExtensionEligibility(in: context)
        try checkLatest(request.latestTransaction)
        let newExpiry = context.end(ofDays: request.days, from: expiresDate)
        switch context.policy.renewalExtension {
        case .extendCurrentTransaction:
            var extended = request.latestTransaction
            extended.expiresDate = newExpiry
            actions.append(.updateTransaction(extended))
        case .createExtensionTransaction:
            let start = expiresDate
            latestTransactionId = ids.makeTransactionId()
            latestWebOrderLineItemId = ids.makeWebOrderLineItemId()
            periodStart = start
            actions.append(.createTransaction(makeTransaction(
                id: latestTransactionId, webOrderLineItemId: latestWebOrderLineItemId, productId: productId,
                purchaseDate: start, expiresDate: newExpiry, price: 0, offer: nil, reason: .renewal, in: context)))
        }
        expiresDate = newExpiry
        renewalExtensionDates.append(context.now)
        actions.append(.enqueueNotification(draft(.renewalExtended, in: context)))
    }

    /// Throws the App Store Server API's reason when the subscription cannot be extended now.
    public func checkExtensionEligibility(in context: LifecycleContext) throws(LifecycleError) {
        guard !isFamilyShared else { throw .familySharedExtension(originalTransactionId: originalTransactionId) }
        switch state {
        case .active:
            break
        case .inGracePeriod where expiresDate > context.now:
            break
        default:
            throw .extensionIneligible(originalTransactionId: originalTransactionId,
                reason: "it is \(state.name); only active subscriptions can be extended")
        }
        if currentOffer?.discountType == .freeTrial {
            throw .extensionIneligible(originalTransactionId: originalTransactionId,
                reason: "its current period is a free offer period")
        }
        let recent = renewalExtensionDates.filter { context.end(ofDays: 365, from: $0) > context.now }
        guard recent.count < 2 else { throw .extensionLimitReached(originalTransactionId: originalTransactionId) }
    }

    /// Sets the app account token of the latest transaction and of the renewals to come. Family-shared chains
    /// refuse it (App Store Server API 4000185).
    mutating func setAppAccountToken(
        _ token: String?, latest: JWSTransactionDecodedPayload, actions: inout [LifecycleAction]
    ) throws(LifecycleError) {
        guard !isFamilyShared else { throw .familySharedTransaction(originalTransactionId: originalTransactionId) }
        try checkLatest(latest)
        appAccountToken = token
        var updated = latest
        updated.appAccountToken = token
        actions.append(.updateTransaction(updated))
    }
}
