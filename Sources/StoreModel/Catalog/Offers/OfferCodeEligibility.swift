/// Which customers may redeem an offer code (`codeOffers[].eligibility[]`). Unknown values are kept.
public struct OfferCodeEligibility: OpenEnumeration {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `new`: customers who never subscribed in the group.
    public static let new = OfferCodeEligibility(rawValue: "new")
    /// `existing`: current subscribers.
    public static let existing = OfferCodeEligibility(rawValue: "existing")
    /// `expired`: former subscribers.
    public static let expired = OfferCodeEligibility(rawValue: "expired")

    public static let knownValues: [OfferCodeEligibility] = [.new, .existing, .expired]
}
