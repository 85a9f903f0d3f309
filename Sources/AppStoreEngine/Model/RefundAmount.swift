/// How much of a transaction a refund returns.
public enum RefundAmount: Hashable, Sendable {
    /// `REFUND_FULL`.
    case full
    /// `REFUND_PRORATED`, with the refunded share in milliunits of a percent (25000 = 25 %).
    case prorated(percentage: Int32)
}
