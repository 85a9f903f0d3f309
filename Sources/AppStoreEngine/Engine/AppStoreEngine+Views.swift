import Foundation
import StoreModel
import StoreStorage

/// StoreKit's views of an account (subscription-lifecycle.md §4), signed at issue.
extension AppStoreEngine {
    /// A transaction, signed now.
    public func transaction(_ transactionId: String) async throws(AppStoreEngineError) -> SignedTransaction {
        try await perform { scope throws(AppStoreEngineError) in try scope.signed(try scope.storedTransaction(transactionId)) }
    }

    /// `Transaction.currentEntitlements`: the latest transaction of each product the account is entitled to,
    /// decided by the shared `EntitlementRules` (grace yes, billing retry no, revoked no, upgraded-away no
    /// unless the policy says so, consumables never, non-renewing yes).
    public func currentEntitlements(bundleId: String, accountId: String) async throws(AppStoreEngineError) -> [SignedTransaction] {
        try await perform { scope throws(AppStoreEngineError) in
            try scope.checkCustomer(bundleId: bundleId, accountId: accountId)
            let stored = try scope.tables.transactions(bundleId: bundleId, accountId: accountId)
            let payloads = try stored.map { transaction throws(AppStoreEngineError) in try transaction.payload() }
            var states: [String: RenewalState] = [:]
            for chain in try scope.tables.chains(bundleId: bundleId, accountId: accountId) {
                states[chain.lifecycle.originalTransactionId] = chain.lifecycle.state.renewalState
            }
            let entitled = scope.policy.entitlementRules.currentEntitlements(
                from: payloads, renewalStates: states, at: scope.signingDate)
            let byId = Dictionary(uniqueKeysWithValues: stored.map { ($0.id, $0) })
            var signed: [SignedTransaction] = []
            for payload in entitled {
                if let stored = byId[payload.transactionId ?? ""] { signed.append(try scope.signed(stored, forDeviceOf: accountId)) }
            }
            return signed
        }
    }

    /// `Transaction.all` (or `all(for:)`): the account's history, oldest first, without finished consumables
    /// (unless refunded) and, by policy, with non-renewing subscriptions.
    public func allTransactions(
        bundleId: String, accountId: String, productId: String? = nil
    ) async throws(AppStoreEngineError) -> [SignedTransaction] {
        try await perform { scope throws(AppStoreEngineError) in
            try scope.checkCustomer(bundleId: bundleId, accountId: accountId)
            return try scope.tables.transactions(bundleId: bundleId, accountId: accountId)
                .filter { stored in
                    (productId == nil || stored.productId == productId)
                        && (stored.productType != .consumable || !stored.isFinished || stored.isRevoked)
                        && (stored.productType != .nonRenewable || scope.policy.includesNonRenewingSubscriptionsInAll)
                }
                .map { stored throws(AppStoreEngineError) in try scope.signed(stored, forDeviceOf: accountId) }
        }
    }

    /// `Transaction.latest(for:)`: the product's most recent transaction, revoked and expired included
    /// (finished consumables excluded unless refunded); `nil` when never bought.
    public func latestTransaction(
        bundleId: String, accountId: String, productId: String
    ) async throws(AppStoreEngineError) -> SignedTransaction? {
        try await perform { scope throws(AppStoreEngineError) in
            try scope.checkCustomer(bundleId: bundleId, accountId: accountId)
            let candidates = try scope.tables.transactions(
                bundleId: bundleId, accountId: accountId, matching: "transactions.product_id = ?", [.text(productId)])
                .filter { $0.productType != .consumable || !$0.isFinished || $0.isRevoked }
            return try candidates.last.map { stored throws(AppStoreEngineError) in try scope.signed(stored, forDeviceOf: accountId) }
        }
    }

    /// `Transaction.unfinished`: every transaction not yet finished, renewals included, oldest first.
    public func unfinishedTransactions(bundleId: String, accountId: String) async throws(AppStoreEngineError) -> [SignedTransaction] {
        try await perform { scope throws(AppStoreEngineError) in
            try scope.checkCustomer(bundleId: bundleId, accountId: accountId)
            return try scope.tables.transactions(bundleId: bundleId, accountId: accountId, matching: "transactions.finished = 0")
                .map { stored throws(AppStoreEngineError) in try scope.signed(stored, forDeviceOf: accountId) }
        }
    }

    /// The account's `Transaction.updates` feed after `cursor`: transactions created or changed outside the
    /// purchase call (renewals, approvals, refunds, revocations, family grants, purchases outside the app),
    /// each as it is now. Read on from the returned cursor.
    public func transactionUpdates(
        bundleId: String, accountId: String, after cursor: Int64 = 0, limit: Int = 100
    ) async throws(AppStoreEngineError) -> TransactionUpdates {
        try await perform { scope throws(AppStoreEngineError) in
            try scope.checkCustomer(bundleId: bundleId, accountId: accountId)
            let entries = try scope.tables.updates(bundleId: bundleId, accountId: accountId, after: cursor, limit: limit + 1)
            let page = entries.prefix(max(0, limit))
            var updates: [TransactionUpdate] = []
            for entry in page {
                guard let stored = try? scope.storedTransaction(entry.transactionId) else { continue }
                updates.append(TransactionUpdate(
                    sequence: entry.sequence, date: entry.date, transaction: try scope.signed(stored, forDeviceOf: accountId)))
            }
            return TransactionUpdates(
                updates: updates, cursor: page.last?.sequence ?? cursor, hasMore: entries.count > page.count)
        }
    }

    /// `Product.SubscriptionInfo.status(for:)`: one status per chain of the account in the group (purchased and
    /// family-shared), with its latest transaction and renewal information; every group when `groupId` is `nil`
    /// (Get All Subscription Statuses). Empty when the account never subscribed. The simulated
    /// `Subscription Status` error applies.
    public func subscriptionStatuses(
        bundleId: String, accountId: String, groupId: String? = nil
    ) async throws(AppStoreEngineError) -> [SubscriptionStatus] {
        try checkSimulatedError(for: .subscriptionStatus, bundleId: bundleId)
        return try await perform { scope throws(AppStoreEngineError) in
            try scope.checkCustomer(bundleId: bundleId, accountId: accountId)
            return try scope.tables.chains(bundleId: bundleId, accountId: accountId, groupId: groupId).map { record throws(AppStoreEngineError) in
                try scope.status(of: record.lifecycle, forDeviceOf: accountId)
            }
        }
    }

    /// The status of one subscription chain (Get All Subscription Statuses' last transaction item).
    public func subscriptionStatus(originalTransactionId: String) async throws(AppStoreEngineError) -> SubscriptionStatus {
        try await perform { scope throws(AppStoreEngineError) in try scope.status(of: try scope.chain(originalTransactionId).lifecycle) }
    }

    /// Every transaction of a subscription chain, oldest first (Get Transaction History for one subscription).
    public func subscriptionTransactions(originalTransactionId: String) async throws(AppStoreEngineError) -> [SignedTransaction] {
        try await perform { scope throws(AppStoreEngineError) in
            try scope.tables.transactions(originalTransactionId: originalTransactionId)
                .map { stored throws(AppStoreEngineError) in try scope.signed(stored) }
        }
    }

    /// `isEligibleForIntroOffer(for:)`: whether the account never received an introductory offer in the group.
    public func isEligibleForIntroOffer(
        bundleId: String, accountId: String, groupId: String
    ) async throws(AppStoreEngineError) -> Bool {
        try await read { tables throws(AppStoreEngineError) in
            !(try tables.purchasedChain(bundleId: bundleId, accountId: accountId, groupId: groupId)?
                .lifecycle.hasUsedIntroductoryOffer ?? false)
        }
    }

    /// `Product.products(for:)`: the catalog's products with these IDs (all when empty). The simulated
    /// `Load Products` error applies.
    public func products(bundleId: String, productIds: [String] = []) throws(AppStoreEngineError) -> [CatalogProduct] {
        try checkSimulatedError(for: .loadProducts, bundleId: bundleId)
        let catalog = try app(bundleId).catalog
        guard !productIds.isEmpty else { return catalog.products }
        return productIds.compactMap { catalog.product(id: $0) }
    }

    /// `AppStore.sync()`: the account's whole history as ``allTransactions(bundleId:accountId:productId:)``
    /// gives it. The simulated `App Store Sync` error applies.
    public func sync(bundleId: String, accountId: String) async throws(AppStoreEngineError) -> [SignedTransaction] {
        try checkSimulatedError(for: .appStoreSync, bundleId: bundleId)
        return try await allTransactions(bundleId: bundleId, accountId: accountId)
    }
}

extension OperationScope {
    /// Throws unless the app is registered and the account exists.
    func checkCustomer(bundleId: String, accountId: String) throws(AppStoreEngineError) {
        _ = try app(bundleId)
        _ = try account(accountId)
    }

    /// A chain's status, signed now (for a device's StoreKit view when `accountId` is given).
    func status(of lifecycle: SubscriptionLifecycle, forDeviceOf accountId: String? = nil) throws(AppStoreEngineError) -> SubscriptionStatus {
        let app = try app(lifecycle.bundleId)
        let context = try context(app: app, accountId: lifecycle.accountId)
        var info = lifecycle.renewalInfo(in: context)
        info.signedDate = signingDate
        if let accountId { (info.deviceVerification, info.deviceVerificationNonce) = try deviceVerification(for: accountId) }
        let state = lifecycle.state.renewalState
        return SubscriptionStatus(
            state: state, stateRawValue: state.rawValue(numbering: policy.renewalStateNumbering),
            transaction: try signed(try storedTransaction(lifecycle.latestTransactionId), forDeviceOf: accountId),
            renewalInfo: SignedRenewalInfo(jws: try environment.signer.sign(PayloadJSON.renewalInfo(info)), payload: info))
    }
}
