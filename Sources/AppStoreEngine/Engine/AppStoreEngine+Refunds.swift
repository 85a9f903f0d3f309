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
            let stored = try scope.refundable(transactionId)
            let payload = try stored.payload()
            let (type, percentage): (RevocationType, Int32?) = switch amount {
            case .full: (.refundFull, nil)
            case .prorated(let share): (.refundProrated, share)
            }
            if stored.productType == .autoRenewable {
                try scope.handle(
                    .refund(RefundDetails(transaction: payload, type: type, percentage: percentage, reason: reason)),
                    on: stored.originalTransactionId)
                return true
            }
            guard payload.revocationDate == nil else { throw .invalidAction("Transaction \(transactionId) is already refunded.") }
            var refunded = payload
            refunded.revocationDate = scope.now
            refunded.revocationReason = reason
            refunded.revocationType = type
            refunded.revocationPercentage = percentage ?? 100_000
            let updated = try scope.update(refunded)
            try scope.announce(updated)
            let app = try scope.app(stored.bundleId)
            scope.enqueue(.refund, app: app, transaction: updated)
            for copy in try scope.tables.familyCopies(of: stored.id) {
                try scope.revokeFamilyCopy(copy, reason: reason, app: app)
            }
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
            let stored = try scope.refundable(transactionId)
            if let error = try scope.app(stored.bundleId).settings.activeError(for: .refundRequest) {
                throw .simulatedError(api: .refundRequest, error: error)
            }
            try scope.consumptionRequest(for: stored, reason: reason, inApp: true)
            return true
        }
    }

    /// The App Store asks for consumption data about a transaction the customer wants refunded, outside the app
    /// (`CONSUMPTION_REQUEST`, for consumables and subscriptions).
    public func sendConsumptionRequest(
        transactionId: String, reason: ConsumptionRequestReason = .other
    ) async throws(AppStoreEngineError) {
        _ = try await perform { scope throws(AppStoreEngineError) in
            try scope.consumptionRequest(for: try scope.refundable(transactionId), reason: reason, inApp: false)
            return true
        }
    }

    /// The App Store declines a refund the customer asked for in the app (`REFUND_DECLINED`).
    public func declineRefund(transactionId: String) async throws(AppStoreEngineError) {
        _ = try await perform { scope throws(AppStoreEngineError) in
            let stored = try scope.refundable(transactionId)
            let payload = try stored.payload()
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
            let stored = try scope.refundable(transactionId)
            let payload = try stored.payload()
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
    /// A transaction the customer paid for (family copies are refunded through their purchaser).
    func refundable(_ transactionId: String) throws(AppStoreEngineError) -> StoredTransaction {
        let stored = try storedTransaction(transactionId)
        let ownership = try stored.payload().inAppOwnershipType
        guard ownership != .familyShared else { throw .familyTransactionNotSupported(transactionId: transactionId) }
        return stored
    }

    /// `CONSUMPTION_REQUEST` (after turning auto-renew off when the customer asked in the app).
    func consumptionRequest(
        for stored: StoredTransaction, reason: ConsumptionRequestReason, inApp: Bool
    ) throws(AppStoreEngineError) {
        let payload = try stored.payload()
        if stored.productType == .autoRenewable {
            let event: LifecycleEvent = inApp
                ? .requestRefund(payload, reason: reason) : .consumptionRequest(payload, reason: reason)
            try handle(event, on: stored.originalTransactionId)
        } else if stored.productType == .consumable {
            enqueue(.consumptionRequest, app: try app(stored.bundleId), transaction: stored, consumptionRequestReason: reason)
        }
    }
}
