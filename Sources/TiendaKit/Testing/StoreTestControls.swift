import Foundation

/// The test environment's controls over a store (the I/O boundary of ``TestSession``): settings, simulated
/// errors, purchases outside the app, and the operations of Xcode's transaction manager. ``InProcessBackend``
/// calls the engine's operations; ``RemoteBackend`` calls the emulator's control API.
public protocol StoreTestControls: StoreBackend {
    /// The settings in effect.
    func testSettings() async throws(TestSessionError) -> TestSettings
    /// Overrides settings until ``resetToDefaultState()``.
    func updateTestSettings(_ change: TestSettingsChange) async throws(TestSessionError)
    /// Sets (or with `nil` clears) the error simulated for an API.
    func setSimulatedError(_ error: SimulatedError?, for api: FailableStoreKitAPI) async throws(TestSessionError)
    /// The error simulated for an API.
    func simulatedError(for api: FailableStoreKitAPI) async throws(TestSessionError) -> SimulatedError?
    /// Drops every settings override and simulated error.
    func resetToDefaultState() async throws(TestSessionError)
    /// A purchase outside the app; its transaction also arrives through `Transaction.updates`. Signed.
    func buyProduct(_ submission: PurchaseSubmission) async throws(TestSessionError) -> String
    /// Redeems an offer code in the redemption sheet. Signed.
    func redeemOfferCode(referenceName: String, productID: String) async throws(TestSessionError) -> String
    /// Expires the account's subscription to a product now, turning auto-renew off.
    func expireSubscription(productID: String) async throws(TestSessionError)
    /// Ends the account's subscription period to a product now and starts the next. Signed.
    func forceRenewal(productID: String) async throws(TestSessionError) -> String
    /// Refunds a transaction.
    func refund(transactionID: String) async throws(TestSessionError)
    /// Approves a pending Ask to Buy request. Signed.
    func approveAskToBuy(requestID: String) async throws(TestSessionError) -> String
    /// Declines a pending Ask to Buy request.
    func declineAskToBuy(requestID: String) async throws(TestSessionError)
    /// Resolves an interrupted purchase (by request identifier) or a subscription's billing issue (by transaction).
    func resolveIssue(identifier: String) async throws(TestSessionError)
    /// Makes a subscription's next renewals fail (or succeed again).
    func setBillingIssue(_ failing: Bool, transactionID: String) async throws(TestSessionError)
    /// Turns a subscription's auto-renew on or off.
    func setAutoRenew(_ enabled: Bool, transactionID: String) async throws(TestSessionError)
    /// Announces a price increase that needs the subscriber's consent.
    func requestPriceIncrease(transactionID: String, newPrice: Decimal?) async throws(TestSessionError)
    /// The subscriber consents to or declines a pending price increase.
    func respondToPriceIncrease(transactionID: String, accepted: Bool) async throws(TestSessionError)
    /// Deletes every transaction of the app.
    func clearTransactions() async throws(TestSessionError)
    /// Deletes one transaction with what depends on it.
    func deleteTransaction(transactionID: String) async throws(TestSessionError)
    /// Every transaction of the account, pending requests included.
    func testTransactions() async throws(TestSessionError) -> [TestTransaction]
    /// Moves the store's virtual clock forward, firing renewals and expirations on the way.
    func advance(by duration: Duration) async throws(TestSessionError)
    /// Sets the app version the account first installed (`AppTransaction.originalAppVersion`).
    func setOriginalAppVersion(_ version: String) async throws(TestSessionError)
    /// Allows or forbids payments on the account (`AppStore.canMakePayments`).
    func setCanMakePayments(_ allowed: Bool) async throws(TestSessionError)
}
