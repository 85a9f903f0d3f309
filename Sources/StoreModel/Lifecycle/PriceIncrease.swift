/// A price increase announced to one subscriber for the product that renews next.
public struct PriceIncrease: Hashable, Sendable, Codable {
    /// The product whose price rises.
    public var productId: String
    /// The new price per period in milliunits.
    public var newPriceMilliunits: Int64
    /// Whether the customer must consent before the next renewal.
    public var requiresConsent: Bool
    /// Whether the customer consented (always `true` for increases that need no consent).
    public var isAccepted: Bool

    /// Creates a price increase.
    public init(productId: String, newPriceMilliunits: Int64, requiresConsent: Bool, isAccepted: Bool) {
        self.productId = productId
        self.newPriceMilliunits = newPriceMilliunits
        self.requiresConsent = requiresConsent
        self.isAccepted = isAccepted
    }

    /// `priceIncreaseStatus`: 0 while consent is awaited, 1 once accepted or when no consent is needed.
    public var status: PriceIncreaseStatus {
        isAccepted ? .customerConsentedOrWasNotifiedWithoutNeedingConsent : .customerHasNotResponded
    }
}
