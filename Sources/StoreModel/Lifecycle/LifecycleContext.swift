/// Everything outside the chain that an event's outcome depends on: the time, the catalog, the time rate and
/// test settings, the policy, and the identity fields transactions carry.
public struct LifecycleContext: Sendable {
    /// The instant the event happens (for a due event, its due date).
    public var now: Timestamp
    /// The app's catalog.
    public var catalog: Catalog
    /// How long periods, grace and billing retry last (`_timeRate`).
    public var timeRate: TimeRate
    /// The answers to the reference's open questions.
    public var policy: LifecyclePolicy
    /// The customer's storefront: `storefront`, `storefrontId` and `currency` of new transactions.
    public var storefront: Storefront
    /// `environment` of new transactions and renewal information.
    public var environment: AppStoreEnvironment
    /// `bundleId` of new transactions.
    public var bundleId: String
    /// `appTransactionId` of new transactions and renewal information.
    public var appTransactionId: String?
    /// Whether a failed renewal starts with a billing grace period (`_billingGracePeriodEnabled`).
    public var isBillingGracePeriodEnabled: Bool
    /// Whether every renewal fails and enters billing retry (`_renewalBillingIssuesEnabled`).
    public var isBillingRetryOnRenewalEnabled: Bool
    /// Products the developer removed from sale.
    public var productsNotForSale: Set<String>

    /// Creates a context.
    public init(
        now: Timestamp, catalog: Catalog, timeRate: TimeRate? = nil, policy: LifecyclePolicy = .default,
        storefront: Storefront = .unitedStates, environment: AppStoreEnvironment = .sandbox, bundleId: String,
        appTransactionId: String? = nil, isBillingGracePeriodEnabled: Bool? = nil,
        isBillingRetryOnRenewalEnabled: Bool? = nil, productsNotForSale: Set<String> = []
    ) {
        self.now = now
        self.catalog = catalog
        self.timeRate = timeRate ?? catalog.settings.timeRate
        self.policy = policy
        self.storefront = storefront
        self.environment = environment
        self.bundleId = bundleId
        self.appTransactionId = appTransactionId
        self.isBillingGracePeriodEnabled = isBillingGracePeriodEnabled ?? catalog.settings.billingGracePeriodEnabled
        self.isBillingRetryOnRenewalEnabled =
            isBillingRetryOnRenewalEnabled ?? catalog.settings.billingRetryOnRenewalEnabled
        self.productsNotForSale = productsNotForSale
    }

    /// Whether `productId` can be bought and renewed.
    public func isForSale(_ productId: String) -> Bool { !productsNotForSale.contains(productId) }

    /// The end of a period of `period` starting at `start`, under the time rate.
    public func end(of period: SubscriptionPeriod, from start: Timestamp) -> Timestamp {
        timeRate.renewalInterval(for: period).end(from: start)
    }

    /// `days` days of subscription time after `start`, compressed under accelerated rates.
    public func end(ofDays days: Int, from start: Timestamp) -> Timestamp {
        end(of: SubscriptionPeriod(value: days, unit: .day), from: start)
    }

    /// The billing grace period of a subscription whose period is `period`.
    public func gracePeriod(for period: SubscriptionPeriod) -> Duration {
        guard policy.compressedGracePeriods == .sandboxSettingsTable, case .monthlyScaled = timeRate.family,
            let monthly = timeRate.renewalInterval(for: .oneMonth).milliseconds
        else { return timeRate.gracePeriod(for: period) }
        // The sandbox transcription: 3 min (weekly) / 5 min (other) when a month lasts 5 minutes.
        let minutes: Int64 = period.isShorterThanAMonth ? 3 : 5
        return .milliseconds(minutes * 60_000 * monthly / 300_000)
    }

    /// How long billing retry lasts after a failed renewal.
    public var billingRetryDuration: Duration { timeRate.billingRetryDuration }

    /// The regular price of a subscription in milliunits (0 without a valid price).
    public func regularPrice(of productId: String) -> Int64 {
        catalog.regularPriceMilliunits(of: productId) ?? 0
    }
}
