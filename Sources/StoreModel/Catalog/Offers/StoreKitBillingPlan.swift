/// One way to pay for a subscription (`billingPlans[]`, format 5.0): up front, or monthly over a
/// 12-month commitment.
public struct StoreKitBillingPlan: Hashable, Sendable {
    /// `billingPlanType`.
    public var billingPlanType: BillingPlanType
    /// `displayPrice`: the charge per billing event.
    public var displayPrice: DisplayPrice
    /// `commitmentDisplayPrice`: the total over the commitment (e.g. 6.00 for 12 × 0.50).
    public var commitmentDisplayPrice: DisplayPrice
    /// `internalID` ("" when missing).
    public var internalID: String
    /// `isEnabled` (true when missing).
    public var isEnabled: Bool

    /// Creates a billing plan.
    public init(
        billingPlanType: BillingPlanType, displayPrice: DisplayPrice, commitmentDisplayPrice: DisplayPrice,
        internalID: String = "", isEnabled: Bool = true
    ) {
        self.billingPlanType = billingPlanType
        self.displayPrice = displayPrice
        self.commitmentDisplayPrice = commitmentDisplayPrice
        self.internalID = internalID
        self.isEnabled = isEnabled
    }

    static func read(_ object: JSONObjectReader) throws(StoreKitConfigurationError) -> StoreKitBillingPlan {
        StoreKitBillingPlan(
            billingPlanType: BillingPlanType(
                rawValue: try object.requiredString("billingPlanType", expected: "a string such as \"MONTHLY\"")),
            displayPrice: try DisplayPrice.read("displayPrice", in: object) ?? "",
            commitmentDisplayPrice: try DisplayPrice.read("commitmentDisplayPrice", in: object) ?? "",
            internalID: try object.string("internalID") ?? "",
            isEnabled: try object.bool("isEnabled") ?? true)
    }
}
