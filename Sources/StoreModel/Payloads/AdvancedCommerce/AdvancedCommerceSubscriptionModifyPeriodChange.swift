/// A new billing period in an Advanced Commerce modify request.
public struct AdvancedCommerceSubscriptionModifyPeriodChange: Codable, Hashable, Sendable {
    /// When the change takes effect.
    public var effective: AdvancedCommerceEffective?
    /// The new billing period.
    public var period: AdvancedCommercePeriod?

    /// Creates a value; every field defaults to absent.
    public init(effective: AdvancedCommerceEffective? = nil, period: AdvancedCommercePeriod? = nil) {
        self.effective = effective
        self.period = period
    }
}
