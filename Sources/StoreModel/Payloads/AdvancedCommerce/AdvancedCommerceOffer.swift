/// A discount offer for an Advanced Commerce subscription item.
public struct AdvancedCommerceOffer: Codable, Hashable, Sendable {
    /// The length of one offer period.
    public var period: AdvancedCommerceOfferPeriod?
    /// The number of periods the offer lasts (1 to 12).
    public var periodCount: Int32?
    /// The offer price in milliunits of the currency.
    public var price: Int64?
    /// Why the offer is made.
    public var reason: AdvancedCommerceOfferReason?

    /// Creates a value; every field defaults to absent.
    public init(
        period: AdvancedCommerceOfferPeriod? = nil,
        periodCount: Int32? = nil,
        price: Int64? = nil,
        reason: AdvancedCommerceOfferReason? = nil
    ) {
        self.period = period
        self.periodCount = periodCount
        self.price = price
        self.reason = reason
    }
}
