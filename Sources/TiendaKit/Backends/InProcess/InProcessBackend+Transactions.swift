import AppStoreEngine
import Foundation
import StoreModel

extension InProcessBackend {
    /// A purchase outside the app (`buyProduct`); delivered through `Transaction.updates`.
    public func buyProduct(_ submission: PurchaseSubmission) async throws(TestSessionError) -> String {
        let result = try await control { engine throws(AppStoreEngineError) in
            try await engine.purchase(request(for: submission, origin: .outsideApp))
        }
        guard let transaction = result.transaction else {
            throw TestSessionError(.invalidAction, "The purchase of \(submission.productID) is waiting for approval.")
        }
        return transaction.jws
    }

    /// Redeems an offer code in the redemption sheet.
    public func redeemOfferCode(referenceName: String, productID: String) async throws(TestSessionError) -> String {
        try await control { engine throws(AppStoreEngineError) in
            try await engine.redeemOfferCode(
                bundleId: bundleID, accountId: accountID, productId: productID, referenceName: referenceName
            ).jws
        }
    }

    /// Expires the subscription to a product now.
    public func expireSubscription(productID: String) async throws(TestSessionError) {
        let original = try await subscription(of: productID)
        try await control { engine throws(AppStoreEngineError) in try await engine.expireSubscription(originalTransactionId: original) }
    }

    /// Renews the subscription to a product now.
    public func forceRenewal(productID: String) async throws(TestSessionError) -> String {
        let original = try await subscription(of: productID)
        return try await control { engine throws(AppStoreEngineError) in
            try await engine.forceRenewal(originalTransactionId: original).jws
        }
    }

    /// Refunds a transaction at once.
    public func refund(transactionID: String) async throws(TestSessionError) {
        try await control { engine throws(AppStoreEngineError) in try await engine.refund(transactionId: transactionID) }
    }

    /// Approves an Ask to Buy request.
    public func approveAskToBuy(requestID: String) async throws(TestSessionError) -> String {
        try await control { engine throws(AppStoreEngineError) in try await engine.approveAskToBuy(requestID).jws }
    }

    /// Declines an Ask to Buy request.
    public func declineAskToBuy(requestID: String) async throws(TestSessionError) {
        try await control { engine throws(AppStoreEngineError) in try await engine.declineAskToBuy(requestID) }
    }

    /// Resolves an interrupted purchase, or the billing issue of the subscription a transaction belongs to.
    public func resolveIssue(identifier: String) async throws(TestSessionError) {
        let pending = try await control { engine throws(AppStoreEngineError) in
            try await engine.pendingPurchases(bundleId: bundleID, accountId: accountID).contains { $0.id == identifier }
        }
        if pending {
            _ = try await control { engine throws(AppStoreEngineError) in try await engine.resolvePurchaseIssue(identifier).jws }
            return
        }
        let original = try await originalTransactionID(of: identifier)
        try await control { engine throws(AppStoreEngineError) in try await engine.resolveBillingIssue(originalTransactionId: original) }
    }

    /// Makes a subscription's renewals fail or succeed.
    public func setBillingIssue(_ failing: Bool, transactionID: String) async throws(TestSessionError) {
        let original = try await originalTransactionID(of: transactionID)
        try await control { engine throws(AppStoreEngineError) in
            try await engine.setBillingIssue(failing, originalTransactionId: original)
        }
    }

    /// Turns auto-renew on or off.
    public func setAutoRenew(_ enabled: Bool, transactionID: String) async throws(TestSessionError) {
        let original = try await originalTransactionID(of: transactionID)
        try await control { engine throws(AppStoreEngineError) in try await engine.setAutoRenew(enabled, originalTransactionId: original) }
    }

    /// Announces a price increase needing consent; by default 20 % above the renewal price.
    public func requestPriceIncrease(transactionID: String, newPrice: Decimal?) async throws(TestSessionError) {
        let original = try await originalTransactionID(of: transactionID)
        try await control { engine throws(AppStoreEngineError) in
            let current = try await engine.subscriptionStatus(originalTransactionId: original).renewalInfo.payload.renewalPrice ?? 0
            let milliunits = newPrice.map(Milliunits.from) ?? (current * 12 / 10)
            try await engine.requestPriceIncrease(originalTransactionId: original, newPriceMilliunits: milliunits)
        }
    }

    /// Consents to or declines a price increase.
    public func respondToPriceIncrease(transactionID: String, accepted: Bool) async throws(TestSessionError) {
        let original = try await originalTransactionID(of: transactionID)
        try await control { engine throws(AppStoreEngineError) in
            try await engine.respondToPriceIncrease(originalTransactionId: original, accepted: accepted)
        }
    }

    /// Deletes every transaction of the app.
    public func clearTransactions() async throws(TestSessionError) {
        try await control { engine throws(AppStoreEngineError) in try await engine.clearTransactions(bundleId: bundleID) }
    }

    /// Deletes one transaction.
    public func deleteTransaction(transactionID: String) async throws(TestSessionError) {
        try await control { engine throws(AppStoreEngineError) in try await engine.deleteTransaction(transactionID) }
    }

    /// The original transaction of a transaction.
    func originalTransactionID(of transactionID: String) async throws(TestSessionError) -> String {
        try await control { engine throws(AppStoreEngineError) in
            try await engine.transaction(transactionID).payload.originalTransactionId ?? transactionID
        }
    }

    /// The original transaction of the account's purchased subscription to a product.
    func subscription(of productID: String) async throws(TestSessionError) -> String {
        let statuses = try await control { engine throws(AppStoreEngineError) in
            try await engine.subscriptionStatuses(bundleId: bundleID, accountId: accountID)
        }
        let match = statuses.first { status in
            status.transaction.payload.inAppOwnershipType != .familyShared
                && (status.transaction.payload.productId == productID || status.renewalInfo.payload.productId == productID)
        }
        guard let match else {
            throw TestSessionError(.noSubscriptionFound, "Account \(accountID) has no subscription to \(productID).")
        }
        return match.originalTransactionId
    }
}
