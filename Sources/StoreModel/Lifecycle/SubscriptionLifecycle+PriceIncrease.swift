/// Price increases (subscription-lifecycle.md §2.4 rows 16, 16b, 16c; §3.6).
extension SubscriptionLifecycle {
    /// Announces a price increase of the renewing product: `PRICE_INCREASE/PENDING` (`priceIncreaseStatus` 0)
    /// when consent is needed, else `PRICE_INCREASE/ACCEPTED` (1). The renewal price shows the new price.
    mutating func announcePriceIncrease(
        _ price: Int64, requiresConsent: Bool, in context: LifecycleContext, actions: inout [LifecycleAction]
    ) throws(LifecycleError) {
        guard state.isOngoing, !isFamilyShared else { throw invalidState("announce a price increase") }
        pendingPriceIncrease = PriceIncrease(
            productId: autoRenewProductId, newPriceMilliunits: price, requiresConsent: requiresConsent,
            isAccepted: !requiresConsent)
        hasDeclinedPriceIncrease = false
        let subtype: Subtype = requiresConsent ? .pending : .accepted
        actions.append(.enqueueNotification(draft(.priceIncrease, subtype, in: context)))
    }

    /// The customer's answer. Consent: `PRICE_INCREASE/ACCEPTED`, and the next renewal charges the new price.
    /// Refusal: auto-renew turns off (`DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED`) and the subscription
    /// expires at the end of the period.
    mutating func respondToPriceIncrease(
        accepted: Bool, in context: LifecycleContext, actions: inout [LifecycleAction]
    ) throws(LifecycleError) {
        guard var increase = pendingPriceIncrease, increase.requiresConsent, !increase.isAccepted else {
            throw .noPriceIncreasePending(originalTransactionId: originalTransactionId)
        }
        if accepted {
            increase.isAccepted = true
            pendingPriceIncrease = increase
            actions.append(.enqueueNotification(draft(.priceIncrease, .accepted, in: context)))
        } else {
            pendingPriceIncrease = nil
            hasDeclinedPriceIncrease = true
            if isAutoRenewEnabled {
                isAutoRenewEnabled = false
                actions.append(.enqueueNotification(draft(.didChangeRenewalStatus, .autoRenewDisabled, in: context)))
            }
        }
    }
}
