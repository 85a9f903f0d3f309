/// A refund granted for an Advanced Commerce item.
public struct AdvancedCommerceRefund: Codable, Hashable, Sendable {
    /// The refunded amount in milliunits of the currency.
    public var refundAmount: Int64?
    /// When the refund was granted.
    public var refundDate: Timestamp?
    /// Why the refund was granted.
    public var refundReason: AdvancedCommerceRefundReason?
    /// The kind of refund.
    public var refundType: AdvancedCommerceRefundType?

    /// Creates a value; every field defaults to absent.
    public init(
        refundAmount: Int64? = nil,
        refundDate: Timestamp? = nil,
        refundReason: AdvancedCommerceRefundReason? = nil,
        refundType: AdvancedCommerceRefundType? = nil
    ) {
        self.refundAmount = refundAmount
        self.refundDate = refundDate
        self.refundReason = refundReason
        self.refundType = refundType
    }
}
