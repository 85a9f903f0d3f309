import StoreModel
import Testing

@testable import AppStoreEngine

/// Each open question of subscription-lifecycle.md §7, answered both ways where the answer changes behaviour.
@Suite struct PolicyTests {
    typealias H = EngineHarness

    @Test(arguments: RefundRevocationRule.allCases, StoreKind.allCases)
    func refundingAnOlderPeriodRevokesOnlyUnderTheAnyTransactionRule(rule: RefundRevocationRule, store: StoreKind) async throws {
        let h = try await H.make(store, policy: LifecyclePolicy(refundRevocation: rule))
        let first = try await h.buy(H.monthly)
        try await h.advance(days: 31)
        try await h.engine.refund(transactionId: first.transactionId)
        #expect(try await h.notifications().last?.status == (rule == .anyTransaction ? 5 : 1))
        #expect(try await h.state(first.transactionId) == (rule == .anyTransaction ? .revoked : .subscribed))
    }

    @Test(arguments: RenewalExtensionRule.allCases, StoreKind.allCases)
    func extensionsMoveTheExpiryInPlaceOrAddATransaction(rule: RenewalExtensionRule, store: StoreKind) async throws {
        let h = try await H.make(store, policy: LifecyclePolicy(renewalExtension: rule))
        let first = try await h.buy(H.monthly)
        let result = try await h.engine.extendRenewalDate(originalTransactionId: first.transactionId, days: 3)
        let chain = try await h.engine.subscriptionTransactions(originalTransactionId: first.transactionId)
        switch rule {
        case .extendCurrentTransaction:
            #expect(chain.map(\.payload.expiresDate) == [result.effectiveDate])
        case .createExtensionTransaction:
            #expect(chain.map(\.payload.expiresDate) == [first.payload.expiresDate, result.effectiveDate])
            #expect(chain.last?.payload.price == 0)
        }
    }

    @Test(arguments: [false, true], StoreKind.allCases)
    func upgradedTransactionsStayOutOfEntitlementsUnlessConfigured(includes: Bool, store: StoreKind) async throws {
        let h = try await H.make(store, policy: LifecyclePolicy(includesUpgradedTransactionsInEntitlements: includes))
        let weekly = try await h.buy(H.weekly)
        let monthly = try await h.buy(H.monthly)
        let entitled = try await h.engine.currentEntitlements(bundleId: H.bundleId, accountId: "alice").map(\.transactionId)
        #expect(entitled == (includes ? [weekly.transactionId, monthly.transactionId] : [monthly.transactionId]))
    }

    @Test(arguments: BillingIssueCancellationRule.allCases, StoreKind.allCases)
    func cancellingInBillingRetryExpiresAsConfigured(rule: BillingIssueCancellationRule, store: StoreKind) async throws {
        let h = try await H.make(store, policy: LifecyclePolicy(billingIssueCancellation: rule))
        let first = try await LifecycleScenario.failFirstRenewal(h)
        try await h.engine.setAutoRenew(false, originalTransactionId: first.transactionId)
        #expect(try await h.names().suffix(1) == [rule == .expireVoluntarily ? "EXPIRED/VOLUNTARY" : "EXPIRED/BILLING_RETRY"])
    }

    @Test(arguments: [true, false], StoreKind.allCases)
    func graceReportsBillingRetryAsConfigured(reports: Bool, store: StoreKind) async throws {
        let h = try await H.make(store, policy: LifecyclePolicy(reportsBillingRetryDuringGracePeriod: reports)) {
            $0.billingGracePeriodEnabled = true
        }
        _ = try await LifecycleScenario.failFirstRenewal(h)
        #expect(try await h.notifications().last?.renewalInfo?.isInBillingRetryPeriod == reports)
    }

    @Test(arguments: CompressedGracePeriodSource.allCases, StoreKind.allCases)
    func compressedGraceFollowsTheChosenTable(source: CompressedGracePeriodSource, store: StoreKind) async throws {
        let h = try await H.make(store, policy: LifecyclePolicy(compressedGracePeriods: source)) {
            $0.billingGracePeriodEnabled = true
            $0.timeRate = TimeRate.monthlyRenewalEveryFiveMinutes.rawValue
            $0.billingRetryOnRenewalEnabled = true
        }
        let first = try await h.buy(H.monthly, introductoryOffer: false)
        #expect(first.payload.expiresDate == h.clock.now.adding(.seconds(300)))
        try await h.engine.advance(by: .seconds(300))
        let grace = try #require(try await h.notifications().last?.renewalInfo?.gracePeriodExpiresDate)
        #expect(grace.duration(since: h.clock.now) == (source == .xcodeTimeRateTable ? .seconds(150) : .seconds(300)))
    }

    @Test(arguments: [true, false], StoreKind.allCases)
    func nonRenewingSubscriptionsAreListedInAllAsConfigured(includes: Bool, store: StoreKind) async throws {
        let h = try await H.make(store, policy: LifecyclePolicy(includesNonRenewingSubscriptionsInAll: includes))
        try await h.buy(H.seasonPass)
        try await h.buy(H.lifetime)
        let all = try await h.engine.allTransactions(bundleId: H.bundleId, accountId: "alice").map(\.payload.productId)
        #expect(all == (includes ? [H.seasonPass, H.lifetime] : [H.lifetime]))
    }

    @Test(arguments: [true, false], StoreKind.allCases)
    func refundNotificationsCarryStatusAsConfigured(includes: Bool, store: StoreKind) async throws {
        let h = try await H.make(store, policy: LifecyclePolicy(includesStatusInRevocationNotifications: includes))
        let first = try await h.buy(H.monthly)
        try await h.engine.refund(transactionId: first.transactionId)
        #expect(try await h.notifications().last?.status == (includes ? 5 : nil))
    }

    @Test(arguments: RenewalStateNumbering.allCases, StoreKind.allCases)
    func renewalStateRawValuesFollowTheNumbering(numbering: RenewalStateNumbering, store: StoreKind) async throws {
        let h = try await H.make(store, policy: LifecyclePolicy(renewalStateNumbering: numbering))
        let first = try await h.buy(H.monthly)
        let status = try await h.engine.subscriptionStatus(originalTransactionId: first.transactionId)
        #expect(status.state == .subscribed && status.stateRawValue == (numbering == .serverStatusCodes ? 1 : 0))
    }

    @Test(arguments: GracePeriodScope.allCases, StoreKind.allCases)
    func graceAfterAFreeTrialFollowsTheScope(scope: GracePeriodScope, store: StoreKind) async throws {
        let h = try await H.make(store, policy: LifecyclePolicy(gracePeriodScope: scope)) {
            $0.billingGracePeriodEnabled = true
        }
        let first = try await h.buy(H.yearly)
        try await h.engine.setBillingIssue(originalTransactionId: first.transactionId)
        try await h.advance(days: 14)
        #expect(try await h.names().last == (scope == .allRenewals ? "DID_FAIL_TO_RENEW/GRACE_PERIOD" : "DID_FAIL_TO_RENEW"))
    }

    @Test(arguments: FamilyWebOrderLineItemRule.allCases, StoreKind.allCases)
    func familyMembersShareOrOwnTheWebOrderLineItemId(rule: FamilyWebOrderLineItemRule, store: StoreKind) async throws {
        let h = try await H.make(store, policy: LifecyclePolicy(familyWebOrderLineItemId: rule), accounts: ["alice", "bob"])
        try await LifecycleScenario.joinFamily(h)
        let purchase = try await h.buy(H.monthly)
        let member = try #require(try await h.notifications().last?.transaction)
        #expect((member.webOrderLineItemId == purchase.payload.webOrderLineItemId) == (rule == .sameAsPurchaser))
    }

    @Test(arguments: [true, false], StoreKind.allCases)
    func promotionalOffersForNewCustomersFollowThePolicy(required: Bool, store: StoreKind) async throws {
        let h = try await H.make(store, policy: LifecyclePolicy(promotionalOffersRequirePriorSubscription: required))
        let offer = PurchaseOffer.promotionalForTesting(offerID: "pro.monthly.half")
        if required {
            await #expect(throws: AppStoreEngineError.self) { try await h.buy(H.monthly, offer: offer) }
        } else {
            #expect(try await h.buy(H.monthly, offer: offer).payload.offerType == .promotionalOffer)
        }
    }

    @Test(arguments: DeclinedPriceIncreaseRule.allCases, StoreKind.allCases)
    func aDeclinedIncreaseExpiresAsConfigured(rule: DeclinedPriceIncreaseRule, store: StoreKind) async throws {
        let h = try await H.make(store, policy: LifecyclePolicy(declinedPriceIncreaseExpiration: rule))
        let first = try await h.buy(H.monthly)
        try await h.engine.requestPriceIncrease(originalTransactionId: first.transactionId, newPriceMilliunits: 5990)
        try await h.engine.respondToPriceIncrease(originalTransactionId: first.transactionId, accepted: false)
        try await h.advance(days: 31)
        #expect(try await h.names().suffix(2) == [
            "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
            rule == .expireWithPriceIncrease ? "EXPIRED/PRICE_INCREASE" : "EXPIRED/VOLUNTARY",
        ])
    }

    @Test(arguments: StoreKind.allCases)
    func theRenewalLimitStopsRenewalsLikeTheSandbox(store: StoreKind) async throws {
        let h = try await H.make(store, policy: LifecyclePolicy(maximumRenewals: 12))
        try await h.buy(H.monthly, introductoryOffer: false)
        try await h.advance(days: 14 * 31)
        let names = try await h.names()
        #expect(names.filter { $0 == "DID_RENEW" }.count == 12)
        #expect(names.last == "EXPIRED/VOLUNTARY")
    }
}
