/// The customer's reason for a refund request on a consumable.
///
/// Wire values (strings): `UNINTENDED_PURCHASE`, `FULFILLMENT_ISSUE`, `UNSATISFIED_WITH_PURCHASE`, `LEGAL`, `OTHER`.
public struct ConsumptionRequestReason: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The customer did not intend to buy (`UNINTENDED_PURCHASE`).
    public static let unintendedPurchase = ConsumptionRequestReason(rawValue: "UNINTENDED_PURCHASE")
    /// The customer had a problem receiving or using the purchase (`FULFILLMENT_ISSUE`).
    public static let fulfillmentIssue = ConsumptionRequestReason(rawValue: "FULFILLMENT_ISSUE")
    /// The customer was not satisfied with the purchase (`UNSATISFIED_WITH_PURCHASE`).
    public static let unsatisfiedWithPurchase = ConsumptionRequestReason(rawValue: "UNSATISFIED_WITH_PURCHASE")
    /// A legal reason (`LEGAL`).
    public static let legal = ConsumptionRequestReason(rawValue: "LEGAL")
    /// Another reason (`OTHER`).
    public static let other = ConsumptionRequestReason(rawValue: "OTHER")

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [ConsumptionRequestReason] = [
        .unintendedPurchase, .fulfillmentIssue, .unsatisfiedWithPurchase, .legal, .other
    ]
}
