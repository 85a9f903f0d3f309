import StoreModel
import Testing

/// Renewals, expiry, billing retry and grace, driven with plain values.
@Suite struct SubscriptionLifecycleRenewalTests {
    typealias H = LifecycleHarness

    @Test func aRenewalIsANewTransactionThatStartsWhereThePreviousEnded() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.weekly, introductoryOfferEligibility: false))
        let first = h.latest
        try h.fireDueEvent()
        let renewal = h.latest
        #expect(renewal.transactionId != first.transactionId)
        #expect(renewal.webOrderLineItemId != first.webOrderLineItemId)
        #expect(renewal.originalTransactionId == first.transactionId)
        #expect(renewal.purchaseDate == first.expiresDate)
        #expect(renewal.expiresDate == first.expiresDate!.adding(.seconds(7 * 86_400)))
        #expect(renewal.transactionReason == .renewal)
        #expect(renewal.originalPurchaseDate == first.purchaseDate)
        #expect(h.names() == ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW"])
    }

    @Test func realTimeMonthsFollowTheCalendarAndClampAtMonthEnds() throws {
        var h = H()
        h.now = Timestamp(milliseconds: 1_706_659_200_000)  // 2024-01-31
        try h.subscribe(SubscriptionPurchase(productId: H.monthly, introductoryOfferEligibility: false))
        #expect(h.latest.expiresDate == Timestamp(milliseconds: 1_709_164_800_000))  // 2024-02-29
    }

    @Test func compressedTimeRatesShortenPeriods() throws {
        var h = H(timeRate: .monthlyRenewalEveryFiveMinutes)
        try h.subscribe(SubscriptionPurchase(productId: H.monthly, introductoryOfferEligibility: false))
        #expect(h.latest.expiresDate == Timestamp.referenceDate.adding(.seconds(300)))
    }

    @Test func turningAutoRenewOffExpiresVoluntarilyAtTheEndOfThePeriod() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        try h.handle(.setAutoRenew(false))
        #expect(h.current.dueEvent?.kind == .renewal)
        try h.fireDueEvent()
        #expect(h.names() == ["SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
            "EXPIRED/VOLUNTARY"])
        #expect(h.statuses() == [1, 1, 2])
        let info = try #require(h.notifications.last?.renewalInfo)
        #expect(info.expirationIntent == .customerCancelled && info.autoRenewStatus == .off)
        #expect(info.renewalDate == h.latest.expiresDate)
        #expect(h.current.dueEvent == nil)
        #expect(h.lastActions.contains(.cancelDueEvent))
    }

    @Test func turningAutoRenewBackOnRenewsAsUsual() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        try h.handle(.setAutoRenew(false))
        try h.handle(.setAutoRenew(true))
        try h.handle(.setAutoRenew(true))
        try h.fireDueEvent()
        #expect(h.names() == ["SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
            "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED", "DID_RENEW"])
    }

    @Test func recoveringWithinGraceKeepsTheBillingCycle() throws {
        var h = H(graceEnabled: true)
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        let expiry = h.latest.expiresDate!
        try h.handle(.setBillingIssue(true))
        try h.fireDueEvent()
        let info = try #require(h.notifications.last?.renewalInfo)
        #expect(info.gracePeriodExpiresDate == expiry.adding(.seconds(16 * 86_400)))
        #expect(info.isInBillingRetryPeriod == true && info.expirationIntent == .billingError)
        h.now = expiry.adding(.seconds(3 * 86_400))
        try h.handle(.resolveBillingIssue)
        #expect(h.names(from: 1) == ["DID_FAIL_TO_RENEW/GRACE_PERIOD", "DID_RENEW/BILLING_RECOVERY"])
        #expect(h.statuses(from: 1) == [4, 1])
        #expect(h.latest.purchaseDate == expiry)
        #expect(h.latest.transactionReason == .renewal)
    }

    @Test func recoveringAfterGraceStartsANewCycleAtRecovery() throws {
        var h = H(graceEnabled: true)
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        try h.handle(.setBillingIssue(true))
        try h.fireDueEvent()
        try h.fireDueEvent()
        h.now = h.now.adding(.seconds(86_400))
        try h.handle(.resolveBillingIssue)
        #expect(h.names(from: 1) == ["DID_FAIL_TO_RENEW/GRACE_PERIOD", "GRACE_PERIOD_EXPIRED",
            "DID_RENEW/BILLING_RECOVERY"])
        #expect(h.statuses(from: 1) == [4, 3, 1])
        #expect(h.latest.purchaseDate == h.now)
    }

    @Test func billingRetryRunsOutSixtyDaysAfterTheFailure() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        let expiry = h.latest.expiresDate!
        try h.handle(.setBillingIssue(true))
        try h.fireDueEvent()
        let end = try h.fireDueEvent()
        #expect(end == LifecycleDueEvent(kind: .billingRetryEnd, date: expiry.adding(.seconds(60 * 86_400))))
        #expect(h.names(from: 1) == ["DID_FAIL_TO_RENEW", "EXPIRED/BILLING_RETRY"])
        #expect(h.statuses(from: 1) == [3, 2])
        #expect(h.notifications.last?.renewalInfo?.expirationIntent == .billingError)
    }

    @Test(arguments: [
        (BillingIssueCancellationRule.expireWithBillingRetry, "EXPIRED/BILLING_RETRY", ExpirationIntent.billingError),
        (.expireVoluntarily, "EXPIRED/VOLUNTARY", .customerCancelled),
    ])
    func cancellingDuringGraceExpiresAtOnceAsThePolicySays(
        rule: BillingIssueCancellationRule, expired: String, intent: ExpirationIntent
    ) throws {
        var h = H(policy: LifecyclePolicy(billingIssueCancellation: rule), graceEnabled: true)
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        try h.handle(.setBillingIssue(true))
        try h.fireDueEvent()
        try h.handle(.setAutoRenew(false))
        #expect(h.names(from: 1) == ["DID_FAIL_TO_RENEW/GRACE_PERIOD",
            "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", expired])
        #expect(h.statuses(from: 1) == [4, 4, 2])
        #expect(h.notifications.last?.renewalInfo?.expirationIntent == intent)
    }

    @Test(arguments: [true, false])
    func billingRetryDuringGraceIsReportedAsThePolicySays(reports: Bool) throws {
        var h = H(policy: LifecyclePolicy(reportsBillingRetryDuringGracePeriod: reports), graceEnabled: true)
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        try h.handle(.setBillingIssue(true))
        try h.fireDueEvent()
        #expect(h.current.renewalInfo(in: h.context).isInBillingRetryPeriod == reports)
    }

    @Test(arguments: [GracePeriodScope.allRenewals, .paidToPaidRenewalsOnly])
    func graceAfterAFreeTrialDependsOnTheScope(scope: GracePeriodScope) throws {
        var h = H(policy: LifecyclePolicy(gracePeriodScope: scope), graceEnabled: true)
        try h.subscribe(SubscriptionPurchase(productId: H.yearly))
        try h.handle(.setBillingIssue(true))
        try h.fireDueEvent()
        #expect(h.notifications.last?.subtype == (scope == .allRenewals ? .gracePeriod : nil))
    }

    @Test(arguments: [CompressedGracePeriodSource.xcodeTimeRateTable, .sandboxSettingsTable])
    func compressedGraceComesFromTheChosenTable(source: CompressedGracePeriodSource) throws {
        var h = H(policy: LifecyclePolicy(compressedGracePeriods: source), graceEnabled: true,
            timeRate: .monthlyRenewalEveryFiveMinutes)
        try h.subscribe(SubscriptionPurchase(productId: H.monthly, introductoryOfferEligibility: false))
        try h.handle(.setBillingIssue(true))
        try h.fireDueEvent()
        let grace = try #require(h.notifications.last?.renewalInfo?.gracePeriodExpiresDate)
        #expect(grace.duration(since: h.now) == (source == .xcodeTimeRateTable ? .seconds(150) : .seconds(300)))
    }

    @Test func aProductRemovedFromSaleExpiresAtRenewal() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        h.context.productsNotForSale = [H.monthly]
        try h.fireDueEvent()
        #expect(h.names(from: 1) == ["EXPIRED/PRODUCT_NOT_FOR_SALE"])
        #expect(h.notifications.last?.renewalInfo?.expirationIntent == .productNotAvailable)
    }

    @Test func theRenewalLimitTurnsAutoRenewOffLikeTheSandbox() throws {
        var h = H(policy: LifecyclePolicy(maximumRenewals: 2))
        try h.subscribe(SubscriptionPurchase(productId: H.weekly))
        for _ in 0..<3 { try h.fireDueEvent() }
        #expect(h.names(from: 1) == ["DID_RENEW", "DID_RENEW", "EXPIRED/VOLUNTARY"])
    }

    @Test func expiringNowShortensTheCurrentTransaction() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        h.now = h.now.adding(.seconds(3600))
        try h.handle(.expireNow(latestTransaction: h.latest))
        #expect(h.latest.expiresDate == h.now)
        #expect(h.names(from: 1) == ["DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "EXPIRED/VOLUNTARY"])
    }

    @Test func forcingARenewalStartsTheNextPeriodNow() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        try h.handle(.setAutoRenew(false))
        h.now = h.now.adding(.seconds(3600))
        let first = h.latest.transactionId!
        try h.handle(.forceRenewal(latestTransaction: h.latest))
        #expect(h.transactions[first]?.expiresDate == h.now)
        #expect(h.latest.purchaseDate == h.now && h.latest.transactionReason == .renewal)
        #expect(h.names(from: 2) == ["DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED", "DID_RENEW"])
    }

    @Test func aStaleDueEventDoesNothing() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        let actions = try h.handle(.dueEventFired(.gracePeriodEnd))
        #expect(actions.isEmpty)
    }
}
