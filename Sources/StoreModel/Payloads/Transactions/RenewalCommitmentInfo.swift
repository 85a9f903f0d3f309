/// The commitment that applies when a subscription renews (renewal info `commitmentInfo`).
public struct RenewalCommitmentInfo: Codable, Hashable, Sendable {
    /// The product the commitment renews to.
    public var commitmentAutoRenewProductId: String?
    /// Whether the commitment renews automatically.
    public var commitmentAutoRenewStatus: AutoRenewStatus?
    /// How the renewed commitment bills the customer.
    public var commitmentRenewalBillingPlanType: BillingPlanType?
    /// When the commitment renews.
    public var commitmentRenewalDate: Timestamp?
    /// The renewal price of the commitment in milliunits of the currency.
    public var commitmentRenewalPrice: Int64?

    /// Creates a value; every field defaults to absent.
    public init(
        commitmentAutoRenewProductId: String? = nil,
        commitmentAutoRenewStatus: AutoRenewStatus? = nil,
        commitmentRenewalBillingPlanType: BillingPlanType? = nil,
        commitmentRenewalDate: Timestamp? = nil,
        commitmentRenewalPrice: Int64? = nil
    ) {
        self.commitmentAutoRenewProductId = commitmentAutoRenewProductId
        self.commitmentAutoRenewStatus = commitmentAutoRenewStatus
        self.commitmentRenewalBillingPlanType = commitmentRenewalBillingPlanType
        self.commitmentRenewalDate = commitmentRenewalDate
        self.commitmentRenewalPrice = commitmentRenewalPrice
    }
}
