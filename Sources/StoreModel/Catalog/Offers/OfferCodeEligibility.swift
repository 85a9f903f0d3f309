/// Which customers may redeem an offer code (`codeOffers[].eligibility[]`). Unknown values are kept.
public struct OfferCodeEligibility: OpenEnumeration {
    /// The wire value.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `new`: customers who never subscribed in the group.
    public static let new = OfferCodeEligibility(rawValue: "new")
    /// `existing`: current subscribers.
    public static let existing = OfferCodeEligibility(rawValue: "existing")
    /// `expired`: former subscribers.
    public static let expired = OfferCodeEligibility(rawValue: "expired")

    /// Every documented value, in documentation order.
    public static let knownValues: [OfferCodeEligibility] = [.new, .existing, .expired]
}
