/// One item of an Advanced Commerce refund request.
public struct AdvancedCommerceRequestRefundItem: Codable, Hashable, Sendable {
    /// The item's product identifier, which the developer defines.
    public var SKU: String?
    /// The amount to refund in milliunits of the currency (custom refunds).
    public var refundAmount: Int64?
    /// Why the refund is requested.
    public var refundReason: AdvancedCommerceRefundReason?
    /// The kind of refund.
    public var refundType: AdvancedCommerceRefundType?
    /// Whether to revoke the customer's access to the item.
    public var revoke: Bool?

    /// Creates a value; every field defaults to absent.
    public init(
        SKU: String? = nil,
        refundAmount: Int64? = nil,
        refundReason: AdvancedCommerceRefundReason? = nil,
        refundType: AdvancedCommerceRefundType? = nil,
        revoke: Bool? = nil
    ) {
        self.SKU = SKU
        self.refundAmount = refundAmount
        self.refundReason = refundReason
        self.refundType = refundType
        self.revoke = revoke
    }
}
