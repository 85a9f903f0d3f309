/// Purchases in a subscription group: a first subscription, a resubscription, plan changes and offer
/// redemptions (subscription-lifecycle.md §2.4 rows 1, 10, 11, 11b, 15, 15b, 15c, 15d, 19; §3.1; §3.7).
extension SubscriptionLifecycle {
    /// Starts a chain with a customer's first purchase in the group: `SUBSCRIBED/INITIAL_BUY`.
    /// - Parameters:
    ///   - purchase: The product, token and offer.
    ///   - accountId: The customer.
    ///   - context: The time, catalog and settings.
    ///   - identifiers: The source of the new transaction's identifiers, which become the chain's.
    public static func start(
        _ purchase: SubscriptionPurchase, accountId: String, in context: LifecycleContext,
        identifiers: inout TransactionIdentifierGenerator
    ) throws(LifecycleError) -> (lifecycle: SubscriptionLifecycle, actions: [LifecycleAction]) {
        let product = try subscription(purchase.productId, in: context)
        let offer = try Self.offer(
            purchase.offer, for: product, standing: .new,
            introductoryOfferEligible: purchase.introductoryOfferEligibility ?? true, in: context)
        var ids = identifiers
        let transactionId = ids.makeTransactionId()
        let webOrderLineItemId = ids.makeWebOrderLineItemId()
        let period = offer?.period ?? product.recurringSubscriptionPeriod
        let price = offer?.priceMilliunits ?? context.regularPrice(of: product.productID)
        var chain = SubscriptionLifecycle(
            originalTransactionId: transactionId, accountId: accountId, bundleId: context.bundleId,
            subscriptionGroupIdentifier: product.subscriptionGroupID, ownership: .purchased,
            purchaserOriginalTransactionId: nil, originalPurchaseDate: context.now, productId: product.productID,
            webOrderLineItemId: webOrderLineItemId, periodEnd: context.end(of: period, from: context.now),
            offer: offer, price: price, currency: context.storefront.currency, appAccountToken: purchase.appAccountToken)
        var actions: [LifecycleAction] = [
            .createTransaction(chain.makeTransaction(
                id: transactionId, webOrderLineItemId: webOrderLineItemId, productId: product.productID,
                purchaseDate: context.now, expiresDate: chain.expiresDate, price: price, offer: offer,
                reason: .purchase, in: context)),
        ]
        actions.append(.enqueueNotification(chain.draft(.subscribed, .initialBuy, in: context)))
        chain.synchronizeDueEvent(actions: &actions)
        actions.append(.completePurchase(transactionId: transactionId))
        identifiers = ids
        return (chain, actions)
    }

    /// A purchase on an existing chain.
    mutating func purchase(
        _ purchase: SubscriptionPurchase, allowsResubscription: Bool, in context: LifecycleContext,
        ids: inout TransactionIdentifierGenerator, actions: inout [LifecycleAction]
    ) throws(LifecycleError) {
        let target = try Self.subscription(purchase.productId, in: context)
        guard target.subscriptionGroupID == subscriptionGroupIdentifier else {
            throw .productNotInGroup(productId: target.productID, groupIdentifier: subscriptionGroupIdentifier)
        }
        guard !isFamilyShared else { throw invalidState("buy through a family-shared subscription") }
        guard state.isOngoing else {
            guard allowsResubscription else { throw invalidState("change the renewal product") }
            try resubscribe(to: target, purchase, in: context, ids: &ids, actions: &actions)
            return
        }
        guard let current = context.catalog.subscription(id: productId) else {
            throw .productNotFound(productId: productId)
        }
        let change = PlanChange(from: current, to: target)
        if change.isImmediate {
            try changeImmediately(to: target, change, purchase, in: context, ids: &ids, actions: &actions)
        } else {
            try changeAtRenewal(to: target, change, purchase, in: context, actions: &actions)
        }
    }

    /// `SUBSCRIBED/RESUBSCRIBE` after the chain expired or was revoked (row 19, 15d).
    private mutating func resubscribe(
        to product: StoreKitSubscription, _ purchase: SubscriptionPurchase, in context: LifecycleContext,
        ids: inout TransactionIdentifierGenerator, actions: inout [LifecycleAction]
    ) throws(LifecycleError) {
        let lapsedSince: Timestamp
        switch state {
        case .expired(_, let date), .revoked(_, let date): lapsedSince = date
        default: lapsedSince = expiresDate
        }
        let offer = try Self.offer(
            purchase.offer, for: product, standing: .lapsed(churned: hasChurned),
            introductoryOfferEligible: purchase.introductoryOfferEligibility ?? !hasUsedIntroductoryOffer, in: context)
        recentSubscriptionStartDate = recentStart(resumingAt: context.now, lapsedSince: lapsedSince, in: context)
        renewalCount = 0
        startPeriod(product: product.productID, offer: offer, purchase, in: context, ids: &ids, actions: &actions)
        actions.append(.enqueueNotification(draft(.subscribed, .resubscribe, in: context)))
        actions.append(.completePurchase(transactionId: latestTransactionId))
    }

    /// An upgrade or same-duration crossgrade: a new `PURCHASE` transaction now, the old one `isUpgraded`.
    private mutating func changeImmediately(
        to product: StoreKitSubscription, _ change: PlanChange, _ purchase: SubscriptionPurchase,
        in context: LifecycleContext, ids: inout TransactionIdentifierGenerator, actions: inout [LifecycleAction]
    ) throws(LifecycleError) {
        guard let latest = purchase.latestTransaction, latest.transactionId == latestTransactionId else {
            throw invalidState("upgrade without the chain's latest transaction \(latestTransactionId)")
        }
        let offer = try Self.offer(
            purchase.offer, for: product, standing: .subscribed, introductoryOfferEligible: false, in: context)
        var upgraded = latest
        upgraded.isUpgraded = true
        actions.append(.updateTransaction(upgraded))
        startPeriod(product: product.productID, offer: offer, purchase, in: context, ids: &ids, actions: &actions)
        let type: NotificationTypeV2 = offer == nil ? .didChangeRenewalPref : .offerRedeemed
        actions.append(.enqueueNotification(draft(type, change.subtype, in: context)))
        actions.append(.completePurchase(transactionId: latestTransactionId))
    }

    /// A downgrade, deferred crossgrade, revert, or offer for the current product: nothing is charged now.
    private mutating func changeAtRenewal(
        to product: StoreKitSubscription, _ change: PlanChange, _ purchase: SubscriptionPurchase,
        in context: LifecycleContext, actions: inout [LifecycleAction]
    ) throws(LifecycleError) {
        if case .offerCode = purchase.offer, change != .none {
            throw .ineligibleForOffer(
                offer: purchase.offer?.identifier ?? "", reason: "subscribers may redeem offer codes only for their "
                    + "current product or an upgrade, and \(product.productID) is a downgrade")
        }
        let offer = try Self.offer(
            purchase.offer, for: product, standing: .subscribed, introductoryOfferEligible: false, in: context)
        let previousRenewalProduct = autoRenewProductId
        if !isAutoRenewEnabled {
            isAutoRenewEnabled = true
            hasDeclinedPriceIncrease = false
            actions.append(.enqueueNotification(draft(.didChangeRenewalStatus, .autoRenewEnabled, in: context)))
        }
        autoRenewProductId = product.productID
        if offer != nil || previousRenewalProduct != product.productID { nextOffer = offer }
        if offer != nil {
            actions.append(.enqueueNotification(draft(.offerRedeemed, change.subtype, in: context)))
        } else if previousRenewalProduct != product.productID {
            // A downgrade or deferred crossgrade, or (back to the current product) a revert with no subtype.
            actions.append(.enqueueNotification(draft(.didChangeRenewalPref, change.subtype, in: context)))
        }
        actions.append(.completePurchase(transactionId: latestTransactionId))
    }

    /// Begins a new billing period with a `PURCHASE` transaction starting now.
    private mutating func startPeriod(
        product productId: String, offer: OfferApplication?, _ purchase: SubscriptionPurchase,
        in context: LifecycleContext, ids: inout TransactionIdentifierGenerator, actions: inout [LifecycleAction]
    ) {
        let price = offer?.priceMilliunits ?? regularPrice(of: productId, in: context)
        let end = (try? periodEnd(from: context.now, productId: productId, offer: offer, in: context)) ?? context.now
        if let token = purchase.appAccountToken { appAccountToken = token }
        state = .active
        self.productId = productId
        autoRenewProductId = productId
        isAutoRenewEnabled = true
        currentOffer = offer
        nextOffer = nil
        pendingPriceIncrease = nil
        hasDeclinedPriceIncrease = false
        isBillingIssueScheduled = false
        if offer?.type == .introductoryOffer { hasUsedIntroductoryOffer = true }
        latestTransactionId = ids.makeTransactionId()
        latestWebOrderLineItemId = ids.makeWebOrderLineItemId()
        periodStart = context.now
        expiresDate = end
        currentPriceMilliunits = price
        currency = context.storefront.currency
        actions.append(.createTransaction(makeTransaction(
            id: latestTransactionId, webOrderLineItemId: latestWebOrderLineItemId, productId: productId,
            purchaseDate: context.now, expiresDate: end, price: price, offer: offer, reason: .purchase, in: context)))
    }

    /// The subscription `productId`, or ``LifecycleError/productNotFound(productId:)``; also refuses products
    /// removed from sale.
    static func subscription(
        _ productId: String, in context: LifecycleContext
    ) throws(LifecycleError) -> StoreKitSubscription {
        guard let product = context.catalog.subscription(id: productId) else {
            throw .productNotFound(productId: productId)
        }
        guard context.isForSale(productId) else { throw .productNotForSale(productId: productId) }
        return product
    }
}
