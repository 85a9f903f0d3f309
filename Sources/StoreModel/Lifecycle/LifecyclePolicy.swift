/// The emulator's answers to the questions Apple's documentation leaves open (subscription-lifecycle.md §7 and
/// the `[inf]` rows of §2–§4), each a documented, configurable choice. The defaults follow the reference's
/// proposals; every alternative is supported and tested.
///
/// ```swift
/// var policy = LifecyclePolicy()
/// policy.billingIssueCancellation = .expireVoluntarily   // §7.4: EXPIRED/VOLUNTARY instead of BILLING_RETRY
/// policy.includesUpgradedTransactionsInEntitlements = true  // §7.3: the sandbox quirk of forum thread 766872
/// ```
public struct LifecyclePolicy: Hashable, Sendable, Codable {
    /// §7.1: which refunds revoke the whole subscription (status 5). Default: only a refund of the chain's
    /// latest transaction; refunding an older period updates that transaction and leaves the status alone.
    public var refundRevocation: RefundRevocationRule
    /// §7.2 / §3.9: how a renewal-date extension shows in transactions. Default: the current transaction's
    /// `expiresDate` moves in place and is re-signed.
    public var renewalExtension: RenewalExtensionRule
    /// §7.3 / §4.1: whether a transaction the customer upgraded away from (`isUpgraded`) still counts as a
    /// current entitlement. Default `false`.
    public var includesUpgradedTransactionsInEntitlements: Bool
    /// §7.4 / §2.4 row 9: what turning auto-renew off during grace or billing retry does. Default: the
    /// subscription expires at once with `EXPIRED/BILLING_RETRY` (as observed by Apple staff).
    public var billingIssueCancellation: BillingIssueCancellationRule
    /// §7.5: whether `isInBillingRetryPeriod` is `true` during the grace period. Default `true` (Apple's
    /// documentation; the forums saw `false` for trial conversions).
    public var reportsBillingRetryDuringGracePeriod: Bool
    /// §7.6: which table gives grace lengths under compressed time rates. Default: Xcode's `TimeRate` table.
    public var compressedGracePeriods: CompressedGracePeriodSource
    /// §7.7: whether `Transaction.all` lists non-renewing subscriptions. Default `true`.
    public var includesNonRenewingSubscriptionsInAll: Bool
    /// §7.8: whether `data.status` is present in `REFUND`, `REFUND_DECLINED`, `REFUND_REVERSED`, `REVOKE` and
    /// `CONSUMPTION_REQUEST` notifications about auto-renewable subscriptions. Default `true`.
    public var includesStatusInRevocationNotifications: Bool
    /// §7.9: the raw values of StoreKit's `RenewalState`. Default: the server status codes 1–5.
    public var renewalStateNumbering: RenewalStateNumbering
    /// §3.4: which failed renewals get a billing grace period when grace is enabled. Default: all renewals.
    public var gracePeriodScope: GracePeriodScope
    /// §3.11: the `webOrderLineItemId` of a family member's transactions. Default: the purchaser's value.
    public var familyWebOrderLineItemId: FamilyWebOrderLineItemRule
    /// §3.7: whether promotional offers need an existing or expired subscription in the group. Default `true`.
    public var promotionalOffersRequirePriorSubscription: Bool
    /// §3.6: how a subscription whose customer declined a price increase that needs consent expires at the end
    /// of the period. Default: `EXPIRED/PRICE_INCREASE` with expiration intent 3.
    public var declinedPriceIncreaseExpiration: DeclinedPriceIncreaseRule
    /// §5.1: how many times a subscription renews before auto-renew turns itself off, like Apple's sandbox
    /// (12). `nil`, the default, renews without limit.
    public var maximumRenewals: Int?

    /// Creates a policy; every argument defaults to the reference's proposal.
    public init(
        refundRevocation: RefundRevocationRule = .latestTransactionOnly,
        renewalExtension: RenewalExtensionRule = .extendCurrentTransaction,
        includesUpgradedTransactionsInEntitlements: Bool = false,
        billingIssueCancellation: BillingIssueCancellationRule = .expireWithBillingRetry,
        reportsBillingRetryDuringGracePeriod: Bool = true,
        compressedGracePeriods: CompressedGracePeriodSource = .xcodeTimeRateTable,
        includesNonRenewingSubscriptionsInAll: Bool = true,
        includesStatusInRevocationNotifications: Bool = true,
        renewalStateNumbering: RenewalStateNumbering = .serverStatusCodes,
        gracePeriodScope: GracePeriodScope = .allRenewals,
        familyWebOrderLineItemId: FamilyWebOrderLineItemRule = .sameAsPurchaser,
        promotionalOffersRequirePriorSubscription: Bool = true,
        declinedPriceIncreaseExpiration: DeclinedPriceIncreaseRule = .expireWithPriceIncrease,
        maximumRenewals: Int? = nil
    ) {
        self.refundRevocation = refundRevocation
        self.renewalExtension = renewalExtension
        self.includesUpgradedTransactionsInEntitlements = includesUpgradedTransactionsInEntitlements
        self.billingIssueCancellation = billingIssueCancellation
        self.reportsBillingRetryDuringGracePeriod = reportsBillingRetryDuringGracePeriod
        self.compressedGracePeriods = compressedGracePeriods
        self.includesNonRenewingSubscriptionsInAll = includesNonRenewingSubscriptionsInAll
        self.includesStatusInRevocationNotifications = includesStatusInRevocationNotifications
        self.renewalStateNumbering = renewalStateNumbering
        self.gracePeriodScope = gracePeriodScope
        self.familyWebOrderLineItemId = familyWebOrderLineItemId
        self.promotionalOffersRequirePriorSubscription = promotionalOffersRequirePriorSubscription
        self.declinedPriceIncreaseExpiration = declinedPriceIncreaseExpiration
        self.maximumRenewals = maximumRenewals
    }

    /// The reference's proposals.
    public static let `default` = LifecyclePolicy()

    /// The entitlement rules this policy implies, for code outside the engine (client, entitlement server).
    public var entitlementRules: EntitlementRules {
        EntitlementRules(includesUpgradedTransactions: includesUpgradedTransactionsInEntitlements)
    }
}
