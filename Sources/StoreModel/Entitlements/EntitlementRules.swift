/// What grants access: the one rule the engine's StoreKit views, the client library and the entitlement server
/// share (architecture.md, principle 1; subscription-lifecycle.md §4.1).
///
/// - Consumables: never a current entitlement (use `unfinished` or `all`).
/// - Refunded or revoked transactions (`revocationDate` set): never.
/// - Non-consumables and non-renewing subscriptions: yes (the app computes a non-renewing expiry itself).
/// - Auto-renewable subscriptions: while the chain's ``RenewalState`` is `subscribed` or `inGracePeriod`
///   (billing retry, expired and revoked are not entitled). During grace the transaction's `expiresDate` lies
///   in the past; the state decides, not the date.
/// - A transaction the customer upgraded away from (`isUpgraded`): no, unless
///   ``includesUpgradedTransactions`` (then only until its own `expiresDate`).
///
/// ```swift
/// let rules = EntitlementRules()
/// let entitled = rules.isCurrentEntitlement(transaction, renewalState: .inGracePeriod, at: now)  // true
/// ```
public struct EntitlementRules: Hashable, Sendable, Codable {
    /// Whether transactions marked `isUpgraded` still entitle until they expire (§7.3). Default `false`.
    public var includesUpgradedTransactions: Bool

    /// Creates the rules.
    public init(includesUpgradedTransactions: Bool = false) {
        self.includesUpgradedTransactions = includesUpgradedTransactions
    }

    /// Whether `transaction` is a current entitlement.
    /// - Parameters:
    ///   - transaction: The transaction; for an auto-renewable subscription, the latest one of its product in
    ///     its chain.
    ///   - renewalState: The chain's state, for auto-renewable subscriptions (`nil` counts as not entitled).
    ///   - now: The instant to judge an upgraded-away transaction's expiry at.
    public func isCurrentEntitlement(
        _ transaction: JWSTransactionDecodedPayload, renewalState: RenewalState?, at now: Timestamp
    ) -> Bool {
        guard transaction.revocationDate == nil else { return false }
        switch transaction.type {
        case .consumable?:
            return false
        case .nonConsumable?, .nonRenewable?:
            return true
        case .autoRenewable?:
            guard renewalState?.isEntitled ?? false else { return false }
            guard transaction.isUpgraded == true else { return true }
            guard includesUpgradedTransactions, let expiresDate = transaction.expiresDate else { return false }
            return expiresDate > now
        default:
            return false
        }
    }

    /// The current entitlements among an account's transactions: the latest transaction of each entitled
    /// product, one per chain for auto-renewable subscriptions, in `transactions` order.
    /// - Parameters:
    ///   - transactions: Every transaction of the account (any order).
    ///   - renewalStates: Each subscription chain's state, by `originalTransactionId`.
    ///   - now: The instant to judge upgraded-away transactions at.
    public func currentEntitlements(
        from transactions: [JWSTransactionDecodedPayload], renewalStates: [String: RenewalState], at now: Timestamp
    ) -> [JWSTransactionDecodedPayload] {
        var latest: [EntitlementKey: Int] = [:]
        for (index, transaction) in transactions.enumerated() {
            let key = EntitlementKey(transaction)
            if let current = latest[key], !Self.isLater(transaction, than: transactions[current]) { continue }
            latest[key] = index
        }
        var latestOfChain: [String: Int] = [:]
        for (key, index) in latest where transactions[index].type == .autoRenewable {
            if let current = latestOfChain[key.chain], !Self.isLater(transactions[index], than: transactions[current]) {
                continue
            }
            latestOfChain[key.chain] = index
        }
        let chosen = latest.filter { key, index in
            let transaction = transactions[index]
            guard transaction.type == .autoRenewable else { return true }
            return latestOfChain[key.chain] == index || transaction.isUpgraded == true
        }
        return chosen.values.sorted().map { transactions[$0] }.filter { transaction in
            isCurrentEntitlement(
                transaction, renewalState: transaction.originalTransactionId.flatMap { renewalStates[$0] }, at: now)
        }
    }

    /// Whether `transaction` is listed by StoreKit's `Transaction.all` (§4.2): everything except finished
    /// consumables that were not refunded or revoked, and, unless `includesNonRenewing`, non-renewing
    /// subscriptions.
    public static func isListedInAll(
        _ transaction: JWSTransactionDecodedPayload, isFinished: Bool, includesNonRenewing: Bool = true
    ) -> Bool {
        switch transaction.type {
        case .consumable?: return !isFinished || transaction.revocationDate != nil
        case .nonRenewable?: return includesNonRenewing
        default: return true
        }
    }

    /// Whether `candidate` is more recent than `other`: later purchase date, then the larger transaction ID.
    static func isLater(_ candidate: JWSTransactionDecodedPayload, than other: JWSTransactionDecodedPayload) -> Bool {
        let lhs = candidate.purchaseDate ?? Timestamp(milliseconds: .min)
        let rhs = other.purchaseDate ?? Timestamp(milliseconds: .min)
        if lhs != rhs { return lhs > rhs }
        return TransactionIdentifier.isOrdered(other.transactionId ?? "", before: candidate.transactionId ?? "")
    }

    /// Products are entitled per chain for subscriptions and per product otherwise.
    private struct EntitlementKey: Hashable {
        var chain: String
        var product: String

        init(_ transaction: JWSTransactionDecodedPayload) {
            product = transaction.productId ?? ""
            chain = transaction.type == .autoRenewable ? (transaction.originalTransactionId ?? "") : ""
        }
    }
}
