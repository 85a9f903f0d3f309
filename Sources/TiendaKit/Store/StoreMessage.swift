/// A failure the interface should show. Every failure makes a new message with a new ``id``, so an alert bound
/// to ``Store/lastError`` reappears even when the same failure happens twice (seed 002's silent alert).
public struct StoreMessage: Identifiable, Hashable, Sendable, CustomStringConvertible {
    /// What failed.
    public enum Kind: String, Hashable, Sendable {
        /// The catalog could not be loaded (usually temporary: no network, store down).
        case storeUnavailable
        /// The product is not loaded, so it cannot be bought yet.
        case productNotLoaded
        /// The store refused or failed the purchase.
        case purchaseFailed
        /// A transaction failed verification and grants nothing.
        case unverifiedTransaction
        /// The purchase could not be recorded; it will be delivered again at the next launch.
        case deliveryFailed
        /// The customer's purchases could not be checked; the last known access stays.
        case entitlementsUnavailable
        /// Restoring purchases failed.
        case restoreFailed
        /// Not enough of the consumable currency.
        case insufficientBalance
    }

    /// A number that grows with every failure.
    public let id: Int
    /// What failed.
    public let kind: Kind
    /// The text to show.
    public let text: String

    /// Creates a message.
    public init(id: Int, kind: Kind, text: String) {
        self.id = id
        self.kind = kind
        self.text = text
    }

    /// The text.
    public var description: String { text }
}
