/// Why an Advanced Commerce refund is requested or was granted.
///
/// Wire values (strings): `UNINTENDED_PURCHASE`, `FULFILLMENT_ISSUE`, `UNSATISFIED_WITH_PURCHASE`, `LEGAL`, `OTHER`,
/// `MODIFY_ITEMS_REFUND`, `SIMULATE_REFUND_DECLINE`.
public struct AdvancedCommerceRefundReason: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The customer did not intend to buy (`UNINTENDED_PURCHASE`).
    public static let unintendedPurchase = AdvancedCommerceRefundReason(rawValue: "UNINTENDED_PURCHASE")
    /// The customer had a problem receiving or using the item (`FULFILLMENT_ISSUE`).
    public static let fulfillmentIssue = AdvancedCommerceRefundReason(rawValue: "FULFILLMENT_ISSUE")
    /// The customer was not satisfied (`UNSATISFIED_WITH_PURCHASE`).
    public static let unsatisfiedWithPurchase = AdvancedCommerceRefundReason(rawValue: "UNSATISFIED_WITH_PURCHASE")
    /// A legal reason (`LEGAL`).
    public static let legal = AdvancedCommerceRefundReason(rawValue: "LEGAL")
    /// Another reason (`OTHER`).
    public static let other = AdvancedCommerceRefundReason(rawValue: "OTHER")
    /// A refund for items removed or changed in a modification (`MODIFY_ITEMS_REFUND`).
    public static let modifyItemsRefund = AdvancedCommerceRefundReason(rawValue: "MODIFY_ITEMS_REFUND")
    /// A sandbox request that simulates a declined refund (`SIMULATE_REFUND_DECLINE`).
    public static let simulateRefundDecline = AdvancedCommerceRefundReason(rawValue: "SIMULATE_REFUND_DECLINE")

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [AdvancedCommerceRefundReason] = [
        .unintendedPurchase, .fulfillmentIssue, .unsatisfiedWithPurchase, .legal, .other, .modifyItemsRefund,
        .simulateRefundDecline
    ]
}
