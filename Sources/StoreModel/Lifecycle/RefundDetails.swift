/// A refund of one transaction.
public struct RefundDetails: Hashable, Sendable {
    /// The transaction, as stored before the refund.
    public var transaction: JWSTransactionDecodedPayload
    /// `REFUND_FULL` or `REFUND_PRORATED`.
    public var type: RevocationType
    /// For a prorated refund, the refunded share in milliunits of a percent (50000 = 50 %).
    public var percentage: Int32?
    /// `revocationReason`: 0 other, 1 an issue in the app.
    public var reason: RevocationReason

    /// Creates refund details; a full refund records 100 %.
    public init(
        transaction: JWSTransactionDecodedPayload, type: RevocationType = .refundFull, percentage: Int32? = nil,
        reason: RevocationReason = .refundedForOtherReason
    ) {
        self.transaction = transaction
        self.type = type
        self.percentage = percentage
        self.reason = reason
    }
}
