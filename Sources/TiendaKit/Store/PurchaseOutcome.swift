/// How a purchase through the ``Store`` ended: the three outcomes of StoreKit (seed 001), plus failure.
public enum PurchaseOutcome: Hashable, Sendable {
    /// Delivered, persisted and finished.
    case purchased(productID: String)
    /// The customer closed the payment sheet: nothing changes and nothing is reported.
    case cancelled
    /// Waiting for approval (Ask to Buy) or confirmation; it arrives later through the updates listener.
    case pending
    /// Refused or failed; ``Store/lastError`` says why.
    case failed
}
