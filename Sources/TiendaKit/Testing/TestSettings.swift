/// The test environment's settings in effect (SKTestSession's properties): the `.storekit` file's `settings`
/// with the session's changes applied.
public struct TestSettings: Hashable, Sendable {
    /// How fast subscriptions renew.
    public var timeRate: TimeRate
    /// The locale product metadata is shown in (`en_US`).
    public var locale: String
    /// The default storefront (`USA`).
    public var storefront: String
    /// Every purchase waits for Ask to Buy approval.
    public var askToBuyEnabled: Bool
    /// Every purchase is interrupted until resolved.
    public var interruptedPurchasesEnabled: Bool
    /// Every renewal fails and enters billing retry (`shouldEnterBillingRetryOnRenewal`).
    public var billingRetryOnRenewalEnabled: Bool
    /// Billing retry starts with a grace period (`billingGracePeriodIsEnabled`).
    public var billingGracePeriodEnabled: Bool
    /// Every purchase fails (`failTransactionsEnabled`).
    public var failTransactionsEnabled: Bool
    /// No test-environment dialogs.
    public var disableDialogs: Bool

    /// Creates settings.
    public init(
        timeRate: TimeRate = .realTime, locale: String = "en_US", storefront: String = "USA",
        askToBuyEnabled: Bool = false, interruptedPurchasesEnabled: Bool = false,
        billingRetryOnRenewalEnabled: Bool = false, billingGracePeriodEnabled: Bool = false,
        failTransactionsEnabled: Bool = false, disableDialogs: Bool = false
    ) {
        self.timeRate = timeRate
        self.locale = locale
        self.storefront = storefront
        self.askToBuyEnabled = askToBuyEnabled
        self.interruptedPurchasesEnabled = interruptedPurchasesEnabled
        self.billingRetryOnRenewalEnabled = billingRetryOnRenewalEnabled
        self.billingGracePeriodEnabled = billingGracePeriodEnabled
        self.failTransactionsEnabled = failTransactionsEnabled
        self.disableDialogs = disableDialogs
    }
}

/// Changes to the test settings: each non-`nil` value overrides the file's until ``TestSession/resetToDefaultState()``.
public struct TestSettingsChange: Hashable, Sendable {
    /// `timeRate`.
    public var timeRate: TimeRate?
    /// `locale`.
    public var locale: String?
    /// `storefront`.
    public var storefront: String?
    /// `askToBuyEnabled`.
    public var askToBuyEnabled: Bool?
    /// `interruptedPurchasesEnabled`.
    public var interruptedPurchasesEnabled: Bool?
    /// `shouldEnterBillingRetryOnRenewal`.
    public var billingRetryOnRenewalEnabled: Bool?
    /// `billingGracePeriodIsEnabled`.
    public var billingGracePeriodEnabled: Bool?
    /// `failTransactionsEnabled`.
    public var failTransactionsEnabled: Bool?
    /// `disableDialogs`.
    public var disableDialogs: Bool?

    /// No change.
    public init() {}
}
