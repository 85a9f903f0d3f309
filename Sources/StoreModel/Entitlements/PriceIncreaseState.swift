/// StoreKit's `RenewalInfo.PriceIncreaseStatus`: the client's view of the server's optional
/// ``PriceIncreaseStatus``.
public enum PriceIncreaseState: String, Hashable, Sendable, Codable, CaseIterable {
    /// No increase is pending (`priceIncreaseStatus` absent).
    case noIncreasePending
    /// An increase that needs consent awaits the customer's answer (`priceIncreaseStatus` 0).
    case pending
    /// The customer consented, or was told of an increase that needs no consent (`priceIncreaseStatus` 1).
    case agreed

    /// The state for the server field (absent means no increase pending).
    public init(_ status: PriceIncreaseStatus?) {
        switch status {
        case nil: self = .noIncreasePending
        case .customerHasNotResponded?: self = .pending
        default: self = .agreed
        }
    }

    /// The server field (`nil` when no increase is pending).
    public var status: PriceIncreaseStatus? {
        switch self {
        case .noIncreasePending: return nil
        case .pending: return .customerHasNotResponded
        case .agreed: return .customerConsentedOrWasNotifiedWithoutNeedingConsent
        }
    }
}
