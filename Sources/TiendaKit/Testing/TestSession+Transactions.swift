import Foundation

extension TestSession {
    /// `buyProduct(identifier:options:)`: a purchase outside the app (App Store, another device); the app
    /// receives it through `Transaction.updates`.
    @discardableResult
    public func buyProduct(
        identifier: String, options: Set<Product.PurchaseOption> = []
    ) async throws(TestSessionError) -> Transaction {
        try transaction(from: await backend.buyProduct(PurchaseSubmission(productID: identifier, options: options)))
    }

    /// Redeems an offer code in the redemption sheet; the app receives it through `Transaction.updates`.
    @discardableResult
    public func redeemOfferCode(referenceName: String, productIdentifier: String) async throws(TestSessionError) -> Transaction {
        try transaction(from: await backend.redeemOfferCode(referenceName: referenceName, productID: productIdentifier))
    }

    /// `expireSubscription(productIdentifier:)`: turns auto-renew off and expires the subscription now.
    public func expireSubscription(productIdentifier: String) async throws(TestSessionError) {
        try await backend.expireSubscription(productID: productIdentifier)
    }

    /// `forceRenewalOfSubscription(productIdentifier:)`: ends the period now and starts the next.
    @discardableResult
    public func forceRenewalOfSubscription(productIdentifier: String) async throws(TestSessionError) -> Transaction {
        try transaction(from: await backend.forceRenewal(productID: productIdentifier))
    }

    /// `refundTransaction(identifier:)`: refunds at once; the app receives the revoked transaction.
    public func refundTransaction(identifier: UInt64) async throws(TestSessionError) {
        try await backend.refund(transactionID: String(identifier))
    }

    /// `approveAskToBuyTransaction(identifier:)`: the purchase happens now and reaches the app through updates.
    @discardableResult
    public func approveAskToBuyTransaction(identifier: String) async throws(TestSessionError) -> Transaction {
        try transaction(from: await backend.approveAskToBuy(requestID: identifier))
    }

    /// `declineAskToBuyTransaction(identifier:)`: no transaction is ever created.
    public func declineAskToBuyTransaction(identifier: String) async throws(TestSessionError) {
        try await backend.declineAskToBuy(requestID: identifier)
    }

    /// `resolveIssueForTransaction(identifier:)`: completes an interrupted purchase (by its request identifier)
    /// or recovers a subscription from billing retry or grace (by any of its transaction identifiers).
    public func resolveIssueForTransaction(identifier: String) async throws(TestSessionError) {
        try await backend.resolveIssue(identifier: identifier)
    }

    /// Makes the next renewals of a subscription fail for billing reasons (or succeed again).
    public func setBillingIssue(_ failing: Bool, forTransaction identifier: UInt64) async throws(TestSessionError) {
        try await backend.setBillingIssue(failing, transactionID: String(identifier))
    }

    /// `enableAutoRenewForTransaction(identifier:)`.
    public func enableAutoRenewForTransaction(identifier: UInt64) async throws(TestSessionError) {
        try await backend.setAutoRenew(true, transactionID: String(identifier))
    }

    /// `disableAutoRenewForTransaction(identifier:)`: the customer cancels; access lasts to the period's end.
    public func disableAutoRenewForTransaction(identifier: UInt64) async throws(TestSessionError) {
        try await backend.setAutoRenew(false, transactionID: String(identifier))
    }

    /// `requestPriceIncreaseConsentForTransaction(identifier:)`: a price increase awaits the subscriber's consent
    /// (20 % above the current price unless `newPrice` says otherwise).
    public func requestPriceIncreaseConsentForTransaction(
        identifier: UInt64, newPrice: Decimal? = nil
    ) async throws(TestSessionError) {
        try await backend.requestPriceIncrease(transactionID: String(identifier), newPrice: newPrice)
    }

    /// `consentToPriceIncreaseForTransaction(identifier:)`.
    public func consentToPriceIncreaseForTransaction(identifier: UInt64) async throws(TestSessionError) {
        try await backend.respondToPriceIncrease(transactionID: String(identifier), accepted: true)
    }

    /// `declinePriceIncreaseForTransaction(identifier:)`: auto-renew goes off; access lasts to the period's end.
    public func declinePriceIncreaseForTransaction(identifier: UInt64) async throws(TestSessionError) {
        try await backend.respondToPriceIncrease(transactionID: String(identifier), accepted: false)
    }

    /// `clearTransactions()`: deletes every transaction of the app.
    public func clearTransactions() async throws(TestSessionError) {
        try await backend.clearTransactions()
    }

    /// `deleteTransaction(identifier:)`: deletes a transaction with its renewals.
    public func deleteTransaction(identifier: UInt64) async throws(TestSessionError) {
        try await backend.deleteTransaction(transactionID: String(identifier))
    }

    /// `allTransactions()`: the account's transactions, pending Ask to Buy and interrupted purchases included.
    public func allTransactions() async throws(TestSessionError) -> [TestTransaction] {
        try await backend.testTransactions()
    }

    /// A signed transaction a control returned, decoded (verification failures are reported by the app's
    /// own reads, not here).
    private func transaction(from jws: String) throws(TestSessionError) -> Transaction {
        guard let result = client.verifyTransaction(jws, simulated: nil) else {
            throw TestSessionError(.serviceUnavailable, "The store returned a transaction that cannot be decoded.")
        }
        return result.unsafePayloadValue
    }
}
