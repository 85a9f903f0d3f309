/// Building blocks the event handlers share: transactions, notification drafts, the due-event slot.
extension SubscriptionLifecycle {
    /// The terms of one billing period: product, price and offer.
    struct PeriodTerms {
        var productId: String
        var price: Int64
        var offer: OfferApplication?
    }

    /// The terms of the period that starts at the next renewal.
    func nextPeriodTerms(in context: LifecycleContext) -> PeriodTerms {
        let product = autoRenewProductId
        var offer: OfferApplication?
        if let next = nextOffer, next.productId == product {
            offer = next
        } else if let current = currentOffer, current.productId == product {
            offer = current.following
        }
        return PeriodTerms(productId: product, price: offer?.priceMilliunits ?? regularPrice(of: product, in: context),
            offer: offer)
    }

    /// The regular price of `productId` for this subscriber: an announced or applied increase, else the catalog.
    func regularPrice(of productId: String, in context: LifecycleContext) -> Int64 {
        if let increase = pendingPriceIncrease, increase.productId == productId { return increase.newPriceMilliunits }
        // Most chains have no increased price: an empty dictionary is not asked (asking hashes the product ID).
        if !increasedPrices.isEmpty, let increased = increasedPrices[productId] { return increased }
        return context.regularPrice(of: productId)
    }

    /// The end of a period starting at `start` for `productId`, or for the offer's period when one applies.
    func periodEnd(
        from start: Timestamp, productId: String, offer: OfferApplication?, in context: LifecycleContext
    ) throws(LifecycleError) -> Timestamp {
        if let offer { return context.end(of: offer.period, from: start) }
        guard let period = context.catalog.recurringPeriod(of: productId) else {
            throw .productNotFound(productId: productId)
        }
        return context.end(of: period, from: start)
    }

    /// A new transaction of this chain.
    func makeTransaction(
        id: String, webOrderLineItemId: String, productId: String, purchaseDate: Timestamp, expiresDate: Timestamp,
        price: Int64, offer: OfferApplication?, reason: TransactionReason, in context: LifecycleContext
    ) -> JWSTransactionDecodedPayload {
        JWSTransactionDecodedPayload(
            originalTransactionId: originalTransactionId, transactionId: id, webOrderLineItemId: webOrderLineItemId,
            bundleId: bundleId, productId: productId, subscriptionGroupIdentifier: subscriptionGroupIdentifier,
            purchaseDate: purchaseDate, originalPurchaseDate: originalPurchaseDate, expiresDate: expiresDate,
            quantity: 1, type: .autoRenewable, appAccountToken: appAccountToken, inAppOwnershipType: ownership,
            offerType: offer?.type, offerIdentifier: offer?.identifier, environment: context.environment,
            storefront: context.storefront.countryCode, storefrontId: context.storefront.id,
            transactionReason: reason, currency: context.storefront.currency, price: price,
            offerDiscountType: offer?.discountType, appTransactionId: context.appTransactionId,
            offerPeriod: offer?.offerPeriod)
    }

    /// A notification about `transactionId` (default: the latest) with the chain's renewal info and status now.
    func draft(
        _ type: NotificationTypeV2, _ subtype: Subtype? = nil, transactionId: String? = nil,
        reason: ConsumptionRequestReason? = nil, in context: LifecycleContext
    ) -> NotificationDraft {
        let omitsStatus = !context.policy.includesStatusInRevocationNotifications
            && [.refund, .refundDeclined, .refundReversed, .revoke, .consumptionRequest].contains(type)
        return NotificationDraft(
            notificationType: type, subtype: subtype, transactionId: transactionId ?? latestTransactionId,
            renewalInfo: renewalInfo(in: context), status: omitsStatus ? nil : state.status,
            consumptionRequestReason: reason)
    }

    /// Throws unless `transaction` belongs to this chain.
    func checkMembership(_ transaction: JWSTransactionDecodedPayload) throws(LifecycleError) {
        guard transaction.originalTransactionId == originalTransactionId else {
            throw .transactionNotInChain(
                transactionId: transaction.transactionId ?? "?", originalTransactionId: originalTransactionId)
        }
    }

    /// An ``LifecycleError/invalidState(action:state:originalTransactionId:)`` for this chain.
    func invalidState(_ action: String) -> LifecycleError {
        .invalidState(action: action, state: state.name, originalTransactionId: originalTransactionId)
    }

    /// The due event the state calls for: the renewal while active, the end of grace or retry, else none.
    /// Family members follow their purchaser and wait for nothing themselves.
    var wantedDueEvent: LifecycleDueEvent? {
        guard !isFamilyShared else { return nil }
        switch state {
        case .active: return LifecycleDueEvent(kind: .renewal, date: expiresDate)
        case .inGracePeriod(let graceEnd, _): return LifecycleDueEvent(kind: .gracePeriodEnd, date: graceEnd)
        case .inBillingRetry(let retryEnd): return LifecycleDueEvent(kind: .billingRetryEnd, date: retryEnd)
        case .expired, .revoked: return nil
        }
    }

    /// Brings ``dueEvent`` in line with the state and records the change.
    mutating func synchronizeDueEvent(actions: inout [LifecycleAction]) {
        let wanted = wantedDueEvent
        guard wanted != dueEvent else { return }
        dueEvent = wanted
        actions.append(wanted.map(LifecycleAction.scheduleDueEvent) ?? .cancelDueEvent)
    }

    /// The start of a new run after a lapse: unchanged when the lapse lasted 60 days or less.
    func recentStart(resumingAt now: Timestamp, lapsedSince: Timestamp, in context: LifecycleContext) -> Timestamp {
        context.end(ofDays: 60, from: lapsedSince) >= now ? recentSubscriptionStartDate : now
    }
}
