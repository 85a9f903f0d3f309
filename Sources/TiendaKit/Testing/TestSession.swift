import Foundation

/// StoreKit Testing's `SKTestSession` over a Tienda store: change the test settings, simulate errors, buy
/// outside the app, and refund, expire, renew, approve or decline transactions, on a clock that moves only
/// when told.
///
/// Every control calls the engine's one operation vocabulary (in process) or the emulator's control API
/// (remote), so a test drives exactly what the transaction manager and the CLI drive.
///
/// ```swift
/// let session = TestSession(backend: backend)
/// try await session.setAskToBuyEnabled(true)
/// #expect(try await product.purchase() == .pending)
/// let request = try await session.allTransactions().first { $0.pendingAskToBuyConfirmation }!
/// try await session.approveAskToBuyTransaction(identifier: request.identifier)   // arrives through updates
/// ```
public final class TestSession: Sendable {
    /// The store the session controls.
    public let backend: any StoreTestControls
    /// Verifies what the controls return.
    let client: StoreClient

    /// A session controlling `backend`.
    public init(backend: any StoreTestControls) {
        self.backend = backend
        client = StoreClient(backend: backend)
    }

    /// The settings in effect.
    public var settings: TestSettings {
        get async throws(TestSessionError) { try await backend.testSettings() }
    }

    /// Changes several settings at once; they override the file's until ``resetToDefaultState()``.
    public func updateSettings(_ change: (inout TestSettingsChange) -> Void) async throws(TestSessionError) {
        var settings = TestSettingsChange()
        change(&settings)
        try await backend.updateTestSettings(settings)
    }

    /// `timeRate`.
    public func setTimeRate(_ rate: TimeRate) async throws(TestSessionError) {
        try await updateSettings { $0.timeRate = rate }
    }

    /// `askToBuyEnabled`: every purchase waits for approval.
    public func setAskToBuyEnabled(_ enabled: Bool) async throws(TestSessionError) {
        try await updateSettings { $0.askToBuyEnabled = enabled }
    }

    /// `interruptedPurchasesEnabled`: every purchase is interrupted until resolved.
    public func setInterruptedPurchasesEnabled(_ enabled: Bool) async throws(TestSessionError) {
        try await updateSettings { $0.interruptedPurchasesEnabled = enabled }
    }

    /// `failTransactionsEnabled`: every purchase fails.
    public func setFailTransactionsEnabled(_ enabled: Bool) async throws(TestSessionError) {
        try await updateSettings { $0.failTransactionsEnabled = enabled }
    }

    /// `shouldEnterBillingRetryOnRenewal`: every renewal fails and enters billing retry.
    public func setShouldEnterBillingRetryOnRenewal(_ enabled: Bool) async throws(TestSessionError) {
        try await updateSettings { $0.billingRetryOnRenewalEnabled = enabled }
    }

    /// `billingGracePeriodIsEnabled`: billing retry starts with a grace period that keeps access.
    public func setBillingGracePeriodIsEnabled(_ enabled: Bool) async throws(TestSessionError) {
        try await updateSettings { $0.billingGracePeriodEnabled = enabled }
    }

    /// `locale`: the language of product metadata and prices.
    public func setLocale(_ identifier: String) async throws(TestSessionError) {
        try await updateSettings { $0.locale = identifier }
    }

    /// `setSimulatedError(_:forAPI:)`: makes an API fail with `error` (or, with `nil`, work again).
    public func setSimulatedError(_ error: SimulatedError?, forAPI api: FailableStoreKitAPI) async throws(TestSessionError) {
        try await backend.setSimulatedError(error, for: api)
    }

    /// `simulatedError(forAPI:)`.
    public func simulatedError(forAPI api: FailableStoreKitAPI) async throws(TestSessionError) -> SimulatedError? {
        try await backend.simulatedError(for: api)
    }

    /// `resetToDefaultState()`: drops every settings change and simulated error.
    public func resetToDefaultState() async throws(TestSessionError) {
        try await backend.resetToDefaultState()
    }

    /// Moves the store's clock forward, firing renewals, retries and expirations on the way.
    public func advance(by duration: Duration) async throws(TestSessionError) {
        try await backend.advance(by: duration)
    }

    /// Sets the app version the customer first installed (`AppTransaction.originalAppVersion`).
    public func setOriginalAppVersion(_ version: String) async throws(TestSessionError) {
        try await backend.setOriginalAppVersion(version)
    }

    /// Allows or forbids payments (`AppStore.canMakePayments`).
    public func setCanMakePayments(_ allowed: Bool) async throws(TestSessionError) {
        try await backend.setCanMakePayments(allowed)
    }
}
