import Foundation

/// A transaction as the test environment lists it (StoreKitTest's `SKTestTransaction`), pending Ask to Buy
/// requests and interrupted purchases included.
public struct TestTransaction: Hashable, Sendable {
    /// Where a test transaction stands.
    public enum State: String, Hashable, Sendable {
        /// Charged.
        case purchased
        /// Waiting for Ask to Buy approval or for an interrupted purchase to be resolved.
        case deferred
    }

    /// The transaction identifier, or the pending request's identifier for deferred ones.
    public var identifier: String
    /// The original transaction identifier (the identifier itself for deferred ones).
    public var originalTransactionIdentifier: String
    /// The product.
    public var productIdentifier: String
    /// Charged or deferred.
    public var state: State
    /// When it was bought or requested.
    public var purchaseDate: Date
    /// When it was refunded or revoked.
    public var cancelDate: Date?
    /// When a subscription period ends.
    public var expirationDate: Date?
    /// Whether the subscription renews.
    public var autoRenewingEnabled: Bool
    /// Whether it waits for an interrupted purchase or a billing issue to be resolved.
    public var hasPurchaseIssue: Bool
    /// Whether a price increase awaits the customer's consent.
    public var isPendingPriceIncreaseConsent: Bool
    /// Whether it waits for Ask to Buy approval.
    public var pendingAskToBuyConfirmation: Bool

    /// Creates a test transaction.
    public init(
        identifier: String, originalTransactionIdentifier: String, productIdentifier: String, state: State,
        purchaseDate: Date, cancelDate: Date? = nil, expirationDate: Date? = nil, autoRenewingEnabled: Bool = false,
        hasPurchaseIssue: Bool = false, isPendingPriceIncreaseConsent: Bool = false,
        pendingAskToBuyConfirmation: Bool = false
    ) {
        self.identifier = identifier
        self.originalTransactionIdentifier = originalTransactionIdentifier
        self.productIdentifier = productIdentifier
        self.state = state
        self.purchaseDate = purchaseDate
        self.cancelDate = cancelDate
        self.expirationDate = expirationDate
        self.autoRenewingEnabled = autoRenewingEnabled
        self.hasPurchaseIssue = hasPurchaseIssue
        self.isPendingPriceIncreaseConsent = isPendingPriceIncreaseConsent
        self.pendingAskToBuyConfirmation = pendingAskToBuyConfirmation
    }
}
