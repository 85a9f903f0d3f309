/// The commitment a subscription transaction belongs to (transaction `commitmentInfo`).
public struct TransactionCommitmentInfo: Codable, Hashable, Sendable {
    /// Which billing period of the commitment this transaction pays for.
    public var billingPeriodNumber: Int32?
    /// When the commitment ends.
    public var commitmentExpiresDate: Timestamp?
    /// The price of the whole commitment in milliunits of the currency.
    public var commitmentPrice: Int64?
    /// The number of billing periods in the commitment.
    public var totalBillingPeriods: Int32?

    /// Creates a value; every field defaults to absent.
    public init(
        billingPeriodNumber: Int32? = nil,
        commitmentExpiresDate: Timestamp? = nil,
        commitmentPrice: Int64? = nil,
        totalBillingPeriods: Int32? = nil
    ) {
        self.billingPeriodNumber = billingPeriodNumber
        self.commitmentExpiresDate = commitmentExpiresDate
        self.commitmentPrice = commitmentPrice
        self.totalBillingPeriods = totalBillingPeriods
    }
}
