import Foundation
import StoreModel
import StoreStorage

/// Changes to running subscriptions, by original transaction ID.
extension AppStoreEngine {
    /// Turns auto-renew on or off (`DID_CHANGE_RENEWAL_STATUS`). Off during grace or billing retry expires the
    /// subscription at once, as the policy says.
    public func setAutoRenew(_ enabled: Bool, originalTransactionId: String) async throws(AppStoreEngineError) {
        try await handle(.setAutoRenew(enabled), on: originalTransactionId)
    }

    /// Picks the product to renew to, as in Manage Subscriptions: an upgrade or same-duration crossgrade takes
    /// effect now (`DID_CHANGE_RENEWAL_PREF/UPGRADE`), a downgrade or other-duration crossgrade at the next
    /// renewal (`…/DOWNGRADE`), the current product reverts a pending change (no subtype).
    /// - Returns: The transaction in effect afterwards (the new one after an upgrade).
    @discardableResult
    public func changeRenewalProduct(
        originalTransactionId: String, to productId: String
    ) async throws(AppStoreEngineError) -> SignedTransaction {
        try await perform { scope throws(AppStoreEngineError) in
            let record = try scope.purchasedChain(originalTransactionId)
            let latest = try scope.payload(record.lifecycle.latestTransactionId)
            let applied = try scope.handle(.changeRenewalProduct(productId: productId, latestTransaction: latest),
                on: originalTransactionId, origin: .outsideApp)
            return try scope.signed(try scope.storedTransaction(applied.completedPurchase ?? latest.transactionId ?? ""))
        }
    }

    /// Makes the next renewal fail for billing reasons (or, with `false`, succeed again): it then enters grace
    /// or billing retry. SKTestSession's `shouldEnterBillingRetryOnRenewal` does it for every subscription.
    public func setBillingIssue(_ failing: Bool = true, originalTransactionId: String) async throws(AppStoreEngineError) {
        try await handle(.setBillingIssue(failing), on: originalTransactionId)
    }

    /// Billing works again (`resolveIssueForTransaction`): `DID_RENEW/BILLING_RECOVERY`, keeping the billing
    /// cycle within grace and starting a new one after it.
    public func resolveBillingIssue(originalTransactionId: String) async throws(AppStoreEngineError) {
        try await handle(.resolveBillingIssue, on: originalTransactionId)
    }

    /// ``setBillingIssue(_:originalTransactionId:)`` for several subscriptions in one storage transaction, in
    /// order: all of them commit together or, when one fails, none does and its error is thrown.
    public func setBillingIssue(_ failing: Bool = true, originalTransactionIds: [String]) async throws(AppStoreEngineError) {
        try await handle(.setBillingIssue(failing), on: originalTransactionIds)
    }

    /// ``resolveBillingIssue(originalTransactionId:)`` for several subscriptions in one storage transaction, in
    /// order: all of them commit together or, when one fails, none does and its error is thrown.
    public func resolveBillingIssue(originalTransactionIds: [String]) async throws(AppStoreEngineError) {
        try await handle(.resolveBillingIssue, on: originalTransactionIds)
    }

    /// Announces a price increase of the renewing product to this subscriber (`PRICE_INCREASE/PENDING` when it
    /// needs consent, `PRICE_INCREASE/ACCEPTED` otherwise).
    /// - Parameters:
    ///   - originalTransactionId: The subscription.
    ///   - newPriceMilliunits: The new price per period, e.g. 5990 for 5.99.
    ///   - requiresConsent: Whether the customer must agree before the next renewal.
    public func requestPriceIncrease(
        originalTransactionId: String, newPriceMilliunits: Int64, requiresConsent: Bool = true
    ) async throws(AppStoreEngineError) {
        try await handle(
            .priceIncrease(newPriceMilliunits: newPriceMilliunits, requiresConsent: requiresConsent),
            on: originalTransactionId)
    }

    /// The subscriber consents to (`PRICE_INCREASE/ACCEPTED`) or declines (auto-renew off) a price increase.
    public func respondToPriceIncrease(originalTransactionId: String, accepted: Bool) async throws(AppStoreEngineError) {
        try await handle(.respondToPriceIncrease(accepted: accepted), on: originalTransactionId)
    }

    /// SKTestSession's `expireSubscription`: auto-renew off and the subscription expires now (`EXPIRED/VOLUNTARY`).
    public func expireSubscription(originalTransactionId: String) async throws(AppStoreEngineError) {
        _ = try await perform { scope throws(AppStoreEngineError) in
            let record = try scope.purchasedChain(originalTransactionId)
            let latest = try scope.payload(record.lifecycle.latestTransactionId)
            return try scope.handle(.expireNow(latestTransaction: latest), on: originalTransactionId).created.count
        }
    }

    /// SKTestSession's `forceRenewalOfSubscription`: the period ends now and the next starts (`DID_RENEW`, or
    /// `DID_RENEW/BILLING_RECOVERY` from grace or retry); auto-renew turns on; a pending increase is dropped.
    @discardableResult
    public func forceRenewal(originalTransactionId: String) async throws(AppStoreEngineError) -> SignedTransaction {
        try await perform { scope throws(AppStoreEngineError) in
            let record = try scope.purchasedChain(originalTransactionId)
            let latest = try scope.payload(record.lifecycle.latestTransactionId)
            let applied = try scope.handle(.forceRenewal(latestTransaction: latest), on: originalTransactionId)
            return try scope.signed(try scope.storedTransaction(applied.created.last?.id ?? latest.transactionId ?? ""))
        }
    }

    /// The App Store Server API's Set App Account Token: sets the token of a purchase (a subscription's latest
    /// transaction and its renewals, or a one-time purchase). Family-shared transactions refuse it.
    public func setAppAccountToken(_ token: UUID?, originalTransactionId: String) async throws(AppStoreEngineError) {
        _ = try await perform { scope throws(AppStoreEngineError) in
            let original = try scope.storedTransaction(originalTransactionId)
            guard original.id == original.originalTransactionId else {
                throw .invalidAction("\(originalTransactionId) is not an original transaction ID (App Store Server API 4000187).")
            }
            let lowercase = token?.uuidString.lowercased()
            if original.productType == .autoRenewable {
                let record = try scope.chain(originalTransactionId)
                let latest = try scope.payload(record.lifecycle.latestTransactionId)
                try scope.handle(.setAppAccountToken(lowercase, latestTransaction: latest), on: originalTransactionId)
            } else {
                guard original.familySource == nil else { throw .familyTransactionNotSupported(transactionId: original.id) }
                var payload = try original.payload()
                payload.appAccountToken = lowercase
                try scope.announce(try scope.update(payload))
            }
            return true
        }
    }

    /// Handles one lifecycle event on a chain in its own operation.
    func handle(_ event: LifecycleEvent, on originalTransactionId: String) async throws(AppStoreEngineError) {
        try await handle(event, on: [originalTransactionId])
    }

    /// Handles the same lifecycle event on each chain, in order, in one operation.
    func handle(_ event: LifecycleEvent, on originalTransactionIds: [String]) async throws(AppStoreEngineError) {
        _ = try await perform { scope throws(AppStoreEngineError) in
            if originalTransactionIds.count > 1 { try scope.prefetch(chains: originalTransactionIds) }
            var created = 0
            for originalTransactionId in originalTransactionIds {
                var record = try scope.purchasedChain(originalTransactionId)
                created += try scope.handle(event, on: &record).created.count
            }
            return created
        }
    }
}

extension OperationScope {
    /// A purchased (not family-shared) chain; family members' chains follow their purchaser and refuse direct
    /// changes.
    func purchasedChain(_ originalTransactionId: String) throws(AppStoreEngineError) -> ChainRecord {
        let record = try chain(originalTransactionId)
        guard !record.lifecycle.isFamilyShared else {
            throw .familyTransactionNotSupported(transactionId: originalTransactionId)
        }
        return record
    }
}
