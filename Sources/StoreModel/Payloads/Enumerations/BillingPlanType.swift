/// How a subscription with a commitment bills the customer.
///
/// Wire values (strings): `BILLED_UPFRONT`, `MONTHLY`.
public struct BillingPlanType: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The whole commitment is billed up front (`BILLED_UPFRONT`).
    public static let billedUpfront = BillingPlanType(rawValue: "BILLED_UPFRONT")
    /// The commitment is billed monthly (`MONTHLY`).
    public static let monthly = BillingPlanType(rawValue: "MONTHLY")

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [BillingPlanType] = [.billedUpfront, .monthly]
}
