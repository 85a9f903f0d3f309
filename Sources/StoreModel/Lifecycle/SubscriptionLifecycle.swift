/// One subscription chain — one customer, one subscription group, one ownership — as a value-type state
/// machine: ``handle(_:in:identifiers:)`` takes an event and returns what the engine must do.
///
/// The machine needs no clock, disk or network: the ``LifecycleContext`` brings the time and the catalog, a
/// ``TransactionIdentifierGenerator`` hands out identifiers, and the returned ``LifecycleAction``s say which
/// transactions to create or update, which notifications to sign and enqueue, and when to wake the chain next.
///
/// ```swift
/// var ids = TransactionIdentifierGenerator()
/// let context = LifecycleContext(now: .referenceDate, catalog: catalog, bundleId: "com.example.app")
/// var (chain, actions) = try SubscriptionLifecycle.start(
///     SubscriptionPurchase(productId: "pro.monthly"), accountId: "alice", in: context, identifiers: &ids)
/// // actions: createTransaction, SUBSCRIBED/INITIAL_BUY, schedule renewal, completePurchase
/// var renewal = context
/// renewal.now = chain.expiresDate
/// let renewed = try chain.handle(.dueEventFired(.renewal), in: renewal, identifiers: &ids)  // DID_RENEW
/// ```
public struct SubscriptionLifecycle: Hashable, Sendable, Codable {
    /// The chain key: the first transaction's ID.
    public let originalTransactionId: String
    /// The customer.
    public let accountId: String
    /// The app.
    public let bundleId: String
    /// The subscription group.
    public let subscriptionGroupIdentifier: String
    /// `PURCHASED`, or `FAMILY_SHARED` for a family member's chain.
    public let ownership: InAppOwnershipType
    /// For a family member's chain, the purchaser's chain.
    public let purchaserOriginalTransactionId: String?
    /// `originalPurchaseDate` of every transaction of the chain.
    public let originalPurchaseDate: Timestamp

    /// Where the chain stands.
    public internal(set) var state: SubscriptionState
    /// The product of the current period.
    public internal(set) var productId: String
    /// The product that renews next (differs after a downgrade or deferred crossgrade).
    public internal(set) var autoRenewProductId: String
    /// Whether the subscription renews at the end of the period.
    public internal(set) var isAutoRenewEnabled: Bool
    /// The newest transaction.
    public internal(set) var latestTransactionId: String
    /// The newest transaction's `webOrderLineItemId`.
    public internal(set) var latestWebOrderLineItemId: String
    /// For a family member, the purchaser's transaction the member's newest transaction mirrors.
    public internal(set) var mirroredTransactionId: String?
    /// The start of the current period (`purchaseDate` of the newest transaction).
    public internal(set) var periodStart: Timestamp
    /// The end of the current period (`expiresDate` of the newest transaction).
    public internal(set) var expiresDate: Timestamp
    /// The offer of the current period, if any.
    public internal(set) var currentOffer: OfferApplication?
    /// An offer redeemed for the next period (a promotional offer or offer code redeemed while subscribed).
    public internal(set) var nextOffer: OfferApplication?
    /// A price increase announced and not yet in effect.
    public internal(set) var pendingPriceIncrease: PriceIncrease?
    /// Prices that replaced the catalog price after an increase took effect, by product.
    public internal(set) var increasedPrices: [String: Int64]
    /// Whether the customer declined a price increase that needed consent (auto-renew is then off).
    public internal(set) var hasDeclinedPriceIncrease: Bool
    /// Whether the next renewal fails for billing reasons.
    public internal(set) var isBillingIssueScheduled: Bool
    /// `recentSubscriptionStartDate`: the start of the current run, ignoring lapses of 60 days or less.
    public internal(set) var recentSubscriptionStartDate: Timestamp
    /// Whether the customer ever received an introductory offer in the group through this chain.
    public internal(set) var hasUsedIntroductoryOffer: Bool
    /// When the renewal date was extended, oldest first.
    public internal(set) var renewalExtensionDates: [Timestamp]
    /// The app account token of upcoming renewals (lowercase UUID).
    public internal(set) var appAccountToken: String?
    /// How many times the chain renewed since its last purchase.
    public internal(set) var renewalCount: Int
    /// The price of the current period in milliunits.
    public internal(set) var currentPriceMilliunits: Int64
    /// The currency of the current period's price.
    public internal(set) var currency: String
    /// The next moment the chain waits for.
    public internal(set) var dueEvent: LifecycleDueEvent?

    /// Whether this is a family member's chain.
    public var isFamilyShared: Bool { ownership == .familyShared }

    /// Handles one event: updates the chain and returns what the engine must do, in order. On error the chain
    /// and the identifiers are left unchanged.
    /// - Parameters:
    ///   - event: What happened.
    ///   - context: The time, catalog, settings and policy.
    ///   - identifiers: The source of new transaction and web order line item IDs.
    public mutating func handle(
        _ event: LifecycleEvent, in context: LifecycleContext, identifiers: inout TransactionIdentifierGenerator
    ) throws(LifecycleError) -> [LifecycleAction] {
        // A renewal raises three actions (transaction, notification, next due event); most events fewer.
        var actions: [LifecycleAction] = []
        actions.reserveCapacity(4)
        // A due event cannot fail, so it changes the chain in place rather than a copy kept for a rollback.
        if case .dueEventFired(let kind) = event {
            dueEventFired(kind, in: context, ids: &identifiers, actions: &actions)
            synchronizeDueEvent(actions: &actions)
            return actions
        }
        var chain = self
        var ids = identifiers
        try chain.apply(event, in: context, identifiers: &ids, actions: &actions)
        chain.synchronizeDueEvent(actions: &actions)
        self = chain
        identifiers = ids
        return actions
    }

    private mutating func apply(
        _ event: LifecycleEvent, in context: LifecycleContext, identifiers: inout TransactionIdentifierGenerator,
        actions: inout [LifecycleAction]
    ) throws(LifecycleError) {
        switch event {
        case .purchase(let purchase):
            try self.purchase(purchase, allowsResubscription: true, in: context, ids: &identifiers, actions: &actions)
        case .changeRenewalProduct(let productId, let latest):
            let purchase = SubscriptionPurchase(productId: productId, latestTransaction: latest)
            try self.purchase(purchase, allowsResubscription: false, in: context, ids: &identifiers, actions: &actions)
        case .dueEventFired(let kind):
            dueEventFired(kind, in: context, ids: &identifiers, actions: &actions)
        case .setAutoRenew(let enabled):
            try setAutoRenew(enabled, in: context, actions: &actions)
        case .setBillingIssue(let failing):
            isBillingIssueScheduled = failing
        case .resolveBillingIssue:
            try resolveBillingIssue(in: context, ids: &identifiers, actions: &actions)
        case .refund(let details):
            try refund(details, in: context, actions: &actions)
        case .declineRefund(let transaction):
            try declineRefund(transaction, in: context, actions: &actions)
        case .reverseRefund(let transaction):
            try reverseRefund(transaction, in: context, actions: &actions)
        case .requestRefund(let transaction, let reason):
            try requestRefund(transaction, reason: reason, in: context, actions: &actions)
        case .consumptionRequest(let transaction, let reason):
            try checkMembership(transaction)
            actions.append(.enqueueNotification(draft(.consumptionRequest, transactionId: transaction.transactionId,
                reason: reason, in: context)))
        case .priceIncrease(let price, let requiresConsent):
            try announcePriceIncrease(price, requiresConsent: requiresConsent, in: context, actions: &actions)
        case .respondToPriceIncrease(let accepted):
            try respondToPriceIncrease(accepted: accepted, in: context, actions: &actions)
        case .extendRenewalDate(let request):
            try extendRenewalDate(request, in: context, ids: &identifiers, actions: &actions)
        case .expireNow(let latest):
            try expireNow(latest, in: context, actions: &actions)
        case .forceRenewal(let latest):
            try forceRenewal(latest, in: context, ids: &identifiers, actions: &actions)
        case .setAppAccountToken(let token, let latest):
            try setAppAccountToken(token, latest: latest, actions: &actions)
        case .familyMirror(let mirror):
            mirrorPurchaser(mirror, in: context, ids: &identifiers, actions: &actions)
        case .familyRevoke(let reason, let latest):
            try familyRevoke(reason: reason, latest: latest, in: context, actions: &actions)
        case .familyRegrant(let purchaser, let transaction):
            try familyRegrant(purchaser: purchaser, purchaserTransaction: transaction, in: context,
                ids: &identifiers, actions: &actions)
        }
    }
}

// Outside the type's declaration, so that the type keeps its memberwise initializer, which the compact form's
// reader builds a chain with in one step.
extension SubscriptionLifecycle {
    /// A new chain, started by its first purchase.
    init(
        originalTransactionId: String, accountId: String, bundleId: String, subscriptionGroupIdentifier: String,
        ownership: InAppOwnershipType, purchaserOriginalTransactionId: String?, originalPurchaseDate: Timestamp,
        productId: String, webOrderLineItemId: String, periodEnd: Timestamp, offer: OfferApplication?,
        price: Int64, currency: String, appAccountToken: String?
    ) {
        self.originalTransactionId = originalTransactionId
        self.accountId = accountId
        self.bundleId = bundleId
        self.subscriptionGroupIdentifier = subscriptionGroupIdentifier
        self.ownership = ownership
        self.purchaserOriginalTransactionId = purchaserOriginalTransactionId
        self.originalPurchaseDate = originalPurchaseDate
        state = .active
        self.productId = productId
        autoRenewProductId = productId
        isAutoRenewEnabled = true
        latestTransactionId = originalTransactionId
        latestWebOrderLineItemId = webOrderLineItemId
        mirroredTransactionId = nil
        periodStart = originalPurchaseDate
        expiresDate = periodEnd
        currentOffer = offer
        nextOffer = nil
        pendingPriceIncrease = nil
        increasedPrices = [:]
        hasDeclinedPriceIncrease = false
        isBillingIssueScheduled = false
        recentSubscriptionStartDate = originalPurchaseDate
        hasUsedIntroductoryOffer = offer?.type == .introductoryOffer
        renewalExtensionDates = []
        self.appAccountToken = appAccountToken
        renewalCount = 0
        currentPriceMilliunits = price
        self.currency = currency
        dueEvent = nil
    }
}
