/// Where TiendaKit's StoreKit calls go: the I/O boundary between the app and an App Store.
///
/// ``InProcessBackend`` drives an `AppStoreEngine` in the same process; ``RemoteBackend`` talks HTTP to
/// `tienda serve`. A backend stands for one customer's account on one device with one app: it answers with
/// compact JWS strings exactly as the App Store signs them, and TiendaKit verifies every one of them against
/// ``identity`` before the app sees it.
///
/// Choose the backend per task with ``TiendaKit/withBackend(_:isolation:operation:)`` or once for the process
/// with ``TiendaKit/configure(_:)``.
public protocol StoreBackend: Sendable {
    /// What the client verifies against: the trusted root, the app, its environment, this device.
    var identity: BackendIdentity { get }
    /// The system sheets this device shows (payment confirmation, App Store sign-in).
    var dialogs: SystemDialogs { get }
    /// Whether the account may make payments, as last known (`AppStore.canMakePayments`).
    func canMakePayments() -> Bool
    /// The products with these identifiers that the store sells (unknown identifiers are left out).
    func products(for identifiers: [String]) async throws(StoreKitError) -> [Product]
    /// Buys a product in the app: the signed transaction, or a pending purchase.
    func purchase(_ submission: PurchaseSubmission) async throws(PurchaseFailure) -> BackendPurchaseResult
    /// `Transaction.currentEntitlements`, signed.
    func currentEntitlements() async throws(StoreKitError) -> [String]
    /// `Transaction.all` (every product when `productID` is `nil`), signed.
    func allTransactions(productID: String?) async throws(StoreKitError) -> [String]
    /// `Transaction.latest(for:)`, signed.
    func latestTransaction(productID: String) async throws(StoreKitError) -> String?
    /// `Transaction.unfinished`, signed.
    func unfinishedTransactions() async throws(StoreKitError) -> [String]
    /// The position of the newest entry of the account's updates feed: a listener starting now reads after it.
    func updatesCursor() async throws(StoreKitError) -> Int64
    /// Waits until the updates feed has entries after `cursor`, then returns them (signed) with the new
    /// cursor. Returns an empty page when the calling task is cancelled.
    func transactionUpdates(after cursor: Int64) async throws(StoreKitError) -> SignedUpdates
    /// Marks a transaction finished.
    func finish(transactionID: String) async throws(StoreKitError)
    /// `Product.SubscriptionInfo.status(for:)`, signed.
    func subscriptionStatuses(groupID: String) async throws(StoreKitError) -> [SignedSubscriptionStatus]
    /// Whether the account may still receive the group's introductory offer.
    func isEligibleForIntroOffer(groupID: String) async throws(StoreKitError) -> Bool
    /// `AppStore.sync()` after the sign-in: refreshes the device's view of the account.
    func sync() async throws(StoreKitError)
    /// `AppTransaction.shared`, signed.
    func appTransaction() async throws(StoreKitError) -> String
    /// The verification failure the test environment simulates (StoreKit Testing's `Verification` error), if any.
    func simulatedVerificationError() async -> VerificationError?
}
