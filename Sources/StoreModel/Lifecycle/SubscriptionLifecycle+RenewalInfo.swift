/// The chain's `JWSRenewalInfoDecodedPayload` (subscription-lifecycle.md §1.2).
extension SubscriptionLifecycle {
    /// The renewal information as of now, unsigned (`signedDate` is set when it is signed).
    public func renewalInfo(in context: LifecycleContext) -> JWSRenewalInfoDecodedPayload {
        let terms = nextPeriodTerms(in: context)
        var intent: ExpirationIntent?
        var inRetry = false
        var graceEnd: Timestamp?
        switch state {
        case .inGracePeriod(let end, _):
            intent = .billingError
            inRetry = context.policy.reportsBillingRetryDuringGracePeriod
            graceEnd = end
        case .inBillingRetry:
            intent = .billingError
            inRetry = true
        case .expired(let reason, _):
            intent = reason
        case .active, .revoked:
            break
        }
        let winBackOffers = eligibleWinBackOfferIds(in: context)
        return JWSRenewalInfoDecodedPayload(
            expirationIntent: intent, originalTransactionId: originalTransactionId,
            autoRenewProductId: autoRenewProductId, productId: productId,
            autoRenewStatus: isAutoRenewEnabled ? .on : .off, isInBillingRetryPeriod: inRetry,
            priceIncreaseStatus: pendingPriceIncrease?.status, gracePeriodExpiresDate: graceEnd,
            offerType: terms.offer?.type, offerIdentifier: terms.offer?.identifier,
            environment: context.environment, recentSubscriptionStartDate: recentSubscriptionStartDate,
            renewalDate: expiresDate, currency: context.storefront.currency, renewalPrice: terms.price,
            offerDiscountType: terms.offer?.discountType,
            eligibleWinBackOfferIds: winBackOffers.isEmpty ? nil : winBackOffers,
            appAccountToken: appAccountToken, appTransactionId: context.appTransactionId,
            offerPeriod: terms.offer?.offerPeriod)
    }

    /// Whether the customer churned: expired with auto-renew off (win-back offers need it).
    public var hasChurned: Bool {
        if case .expired = state { return !isAutoRenewEnabled }
        return false
    }

    /// The win-back offers the customer can redeem, best first: those of the chain's own product, then those
    /// of the group's other products from the highest level down. Empty unless the customer churned.
    public func eligibleWinBackOfferIds(in context: LifecycleContext) -> [String] {
        guard hasChurned, !isFamilyShared else { return [] }
        let products = context.catalog.subscriptionsInGroup(of: productId)
        let ordered = products.filter { $0.productID == productId } + products.filter { $0.productID != productId }
        return ordered.flatMap { product in
            product.winBackOffers.filter { $0.isEligible && $0.priceMilliunits != nil }.map(\.offerID)
        }
    }
}
