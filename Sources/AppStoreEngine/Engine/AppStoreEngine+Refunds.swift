import StoreModel
import StoreStorage

/// Refunds, refund requests, consumption requests and consumption information.
extension AppStoreEngine {
    /// The App Store refunds a transaction (`REFUND`). Refunding a subscription's latest transaction revokes it
    /// (status 5) and its family members (`REVOKE`); refunding a one-time purchase revokes family copies.
    public func refund(
        transactionId: String, amount: RefundAmount = .full, reason: RevocationReason = .refundedForOtherReason
    ) async throws(AppStoreEngineError) {
        _ = try await perform { scope throws(AppStoreEngineError) in
            try scope.refund(transactionId, amount: amount, reason: reason)
            return true
        }
    }

    /// Refunds several transactions in one storage transaction, in order, as if
    /// ``refund(transactionId:amount:reason:)`` were called for each at the same instant: all of them commit
    /// together or, when one fails, none does and its error is thrown. For bulk work where one commit per refund
    /// would cost more than the refunds themselves.
    public func refund(
        batch transactionIds: [String], amount: RefundAmount = .full, reason: RevocationReason = .refundedForOtherReason
    ) async throws(AppStoreEngineError) {
        _ = try await perform { scope throws(AppStoreEngineError) in
            if transactionIds.count > 1 { try scope.prefetchForRefunds(transactionIds) }
            for transactionId in transactionIds { try scope.refund(transactionId, amount: amount, reason: reason) }
            return true
        }
    }

    /// The customer asks for a refund in the app (`Transaction.beginRefundRequest`): auto-renew goes off
    /// (`DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED`) and, for consumables and subscriptions,
    /// `CONSUMPTION_REQUEST` follows. Decide with ``refund(transactionId:amount:reason:)`` or
    /// ``declineRefund(transactionId:)``. The simulated `Refund Request Sheet` error applies.
    public func requestRefund(
        transactionId: String, reason: ConsumptionRequestReason = .unintendedPurchase
    ) async throws(AppStoreEngineError) {
        _ = try await perform { scope throws(AppStoreEngineError) in
            let (stored, payload) = try scope.refundable(transactionId)
            if let error = try scope.app(stored.bundleId).settings.activeError(for: .refundRequest) {
                throw .simulatedError(api: .refundRequest, error: error)
            }
            try scope.consumptionRequest(for: stored, payload: payload, reason: reason, inApp: true)
            return true
        }
    }

    /// The App Store asks for consumption data about a transaction the customer wants refunded, outside the app
    /// (`CONSUMPTION_REQUEST`, for consumables and subscriptions).
    public func sendConsumptionRequest(
        transactionId: String, reason: ConsumptionRequestReason = .other
    ) async throws(AppStoreEngineError) {
        _ = try await perform { scope throws(AppStoreEngineError) in
            let (stored, payload) = try scope.refundable(transactionId)
            try scope.consumptionRequest(for: stored, payload: payload, reason: reason, inApp: false)
            return true
        }
    }

    /// The App Store declines a refund the customer asked for in the app (`REFUND_DECLINED`).
    public func declineRefund(transactionId: String) async throws(AppStoreEngineError) {
        _ = try await perform { scope throws(AppStoreEngineError) in
            let (stored, payload) = try scope.refundable(transactionId)
            if stored.productType == .autoRenewable {
                try scope.handle(.declineRefund(payload), on: stored.originalTransactionId)
            } else {
                scope.enqueue(.refundDeclined, app: try scope.app(stored.bundleId), transaction: stored)
            }
            return true
        }
    }

    /// The App Store reverses a refund (`REFUND_REVERSED`): the revocation is cleared and access returns; a
    /// subscription's renewal date is unchanged.
    public func reverseRefund(transactionId: String) async throws(AppStoreEngineError) {
        _ = try await perform { scope throws(AppStoreEngineError) in
            let (stored, payload) = try scope.refundable(transactionId)
            if stored.productType == .autoRenewable {
                try scope.handle(.reverseRefund(payload), on: stored.originalTransactionId)
                return true
            }
            guard payload.revocationDate != nil else { throw .invalidAction("Transaction \(transactionId) was not refunded.") }
            var reinstated = payload
            reinstated.revocationDate = nil
            reinstated.revocationReason = nil
            reinstated.revocationType = nil
            reinstated.revocationPercentage = nil
            let updated = try scope.update(reinstated)
            try scope.announce(updated)
            let app = try scope.app(stored.bundleId)
            scope.enqueue(.refundReversed, app: app, transaction: updated)
            if app.catalog.product(id: updated.productId)?.familyShareable == true, updated.productType == .nonConsumable {
                try scope.shareOneTimePurchase(updated, app: app)
            }
            return true
        }
    }

    /// Records the consumption information the developer sent back (Send Consumption Information).
    public func recordConsumptionInformation(
        _ information: ConsumptionRequest, transactionId: String
    ) async throws(AppStoreEngineError) {
        _ = try await perform { scope throws(AppStoreEngineError) in
            _ = try scope.storedTransaction(transactionId)
            try scope.tables.save(consumption: information, for: transactionId, at: scope.now)
            return true
        }
    }

    /// The consumption information recorded for a transaction, if any.
    public func consumptionInformation(transactionId: String) async throws(AppStoreEngineError) -> ConsumptionInformation? {
        try await read { tables throws(AppStoreEngineError) in try tables.consumption(for: transactionId) }
    }
}

extension OperationScope {
    /// Refunds a transaction: a subscription's refund goes through its lifecycle; a one-time purchase is revoked
    /// with its family copies.
    func refund(_ transactionId: String, amount: RefundAmount, reason: RevocationReason) throws(AppStoreEngineError) {
        let (stored, payload) = try refundable(transactionId)
        let (type, percentage): (RevocationType, Int32?) = switch amount {
        case .full: (.refundFull, nil)
        case .prorated(let share): (.refundProrated, share)
        }
        if stored.productType == .autoRenewable {
            try handle(
                .refund(RefundDetails(transaction: payload, type: type, percentage: percentage, reason: reason)),
                on: stored.originalTransactionId)
            return
        }
        guard payload.revocationDate == nil else { throw .invalidAction("Transaction \(transactionId) is already refunded.") }
        var refunded = payload
        refunded.revocationDate = now
        refunded.revocationReason = reason
        refunded.revocationType = type
        refunded.revocationPercentage = percentage ?? 100_000
        let updated = try update(refunded)
        try announce(updated)
        let app = try app(stored.bundleId)
        enqueue(.refund, app: app, transaction: updated)
        for copy in try tables.familyCopies(of: stored.id) {
            try revokeFamilyCopy(copy, reason: reason, app: app)
        }
    }

    /// Reads ahead what refunding these transactions reads: the transactions, then the subscription chains they
    /// belong to with their owners' accounts and app transactions.
    func prefetchForRefunds(_ transactionIds: [String]) throws(AppStoreEngineError) {
        try prefetch(transactions: transactionIds)
        var chains: [String] = []
        for id in transactionIds {
            guard let stored = try? storedTransaction(id), stored.productType == .autoRenewable else { continue }
            chains.append(stored.originalTransactionId)
        }
        try prefetch(chains: chains)
    }

    /// A transaction the customer paid for (family copies are refunded through their purchaser), with its
    /// payload (decoded once, for the check and for the caller).
    func refundable(
        _ transactionId: String
    ) throws(AppStoreEngineError) -> (stored: StoredTransaction, payload: JWSTransactionDecodedPayload) {
        let stored = try storedTransaction(transactionId)
        let payload = try payload(of: stored)
        guard payload.inAppOwnershipType != .familyShared else {
            throw .familyTransactionNotSupported(transactionId: transactionId)
        }
        return (stored, payload)
    }

    /// `CONSUMPTION_REQUEST` (after turning auto-renew off when the customer asked in the app).
    func consumptionRequest(
        for stored: StoredTransaction, payload: JWSTransactionDecodedPayload, reason: ConsumptionRequestReason,
        inApp: Bool
    ) throws(AppStoreEngineError) {
        if stored.productType == .autoRenewable {
            let event: LifecycleEvent = inApp
                ? .requestRefund(payload, reason: reason) : .consumptionRequest(payload, reason: reason)
            try handle(event, on: stored.originalTransactionId)
        } else if stored.productType == .consumable {
            enqueue(.consumptionRequest, app: try app(stored.bundleId), transaction: stored, consumptionRequestReason: reason)
        }
    }
}
