import AppStoreEngine
import StoreModel

/// Resolving targets against the engine's state when a step runs.
extension ScenarioRunner {
    /// The account's subscription in the target product's group (its own before a family-shared one).
    func subscription(_ target: ScenarioTarget) async throws(AppStoreEngineError) -> SubscriptionStatus {
        if let id = target.transactionId { return try await engine.subscriptionStatus(originalTransactionId: id) }
        guard let productId = target.productId, let group = scenario.catalog.group(of: productId) else {
            throw .invalidAction("\(target.summary(bundleId: scenario.bundleId)) is not a subscription.")
        }
        let statuses = try await engine.subscriptionStatuses(
            bundleId: scenario.bundleId, accountId: target.accountId, groupId: group.id)
        let owned = statuses.first { $0.transaction.payload.inAppOwnershipType == .purchased } ?? statuses.first
        guard let owned else {
            throw .invalidAction("Account \(target.accountId) has no subscription in group \"\(group.name)\" yet.")
        }
        return owned
    }

    /// The original transaction ID of the target's subscription or one-time purchase.
    func originalTransactionId(_ target: ScenarioTarget) async throws(AppStoreEngineError) -> String {
        if isSubscription(target) { return try await subscription(target).originalTransactionId }
        let id = try await transactionId(target)
        return try await engine.transaction(id).payload.originalTransactionId ?? id
    }

    /// The target transaction: a subscription's latest, or the account's latest of a one-time product.
    func transactionId(_ target: ScenarioTarget) async throws(AppStoreEngineError) -> String {
        if let id = target.transactionId { return id }
        if isSubscription(target) { return try await subscription(target).transaction.transactionId }
        let productId = target.productId ?? ""
        if let seen = recorder.latestTransaction(accountId: target.accountId, productId: productId) { return seen }
        guard let latest = try await engine.latestTransaction(
            bundleId: scenario.bundleId, accountId: target.accountId, productId: productId)
        else { throw .invalidAction("Account \(target.accountId) has no transaction of \(productId) yet.") }
        return latest.transactionId
    }

    /// The oldest Ask to Buy request of the target's account for its product.
    func pendingPurchase(_ target: ScenarioTarget) async throws(AppStoreEngineError) -> String {
        let pending = try await engine.pendingPurchases(bundleId: scenario.bundleId, accountId: target.accountId)
        guard let request = pending.first(where: { $0.request.productId == target.productId && $0.kind == .askToBuy }) else {
            throw .invalidAction(
                "Account \(target.accountId) has no Ask to Buy request for \(target.productId ?? "the product") waiting.")
        }
        return request.id
    }

    /// The account and the other members of its Family Sharing group.
    func family(of accountId: String) async throws(AppStoreEngineError) -> [String] {
        let accounts = try await engine.accounts()
        guard let group = accounts.first(where: { $0.id == accountId })?.familyGroup else { return [accountId] }
        return accounts.filter { $0.familyGroup == group }.map(\.id)
    }

    private func isSubscription(_ target: ScenarioTarget) -> Bool {
        target.productId.map { scenario.catalog.subscription(id: $0) != nil } ?? false
    }
}
