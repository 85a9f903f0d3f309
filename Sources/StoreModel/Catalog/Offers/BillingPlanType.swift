/// A billing plan of a subscription with a commitment (`billingPlanType`, format 5.0): `BILLED_UPFRONT` or
/// `MONTHLY`. Other values from newer Xcode versions are kept as they came.
public struct BillingPlanType: OpenEnumeration {
    /// The wire value.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `BILLED_UPFRONT`: the whole period is charged at once (the classic model).
    public static let billedUpfront = BillingPlanType(rawValue: "BILLED_UPFRONT")
    /// `MONTHLY`: charged monthly over a 12-month commitment.
    public static let monthly = BillingPlanType(rawValue: "MONTHLY")

    /// Every documented value, in documentation order.
    public static let knownValues: [BillingPlanType] = [.billedUpfront, .monthly]
}
