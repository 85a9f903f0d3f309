import StoreModel
import Testing

/// Refunds, price increases, extensions and Family Sharing.
@Suite struct SubscriptionLifecycleRefundTests {
    typealias H = LifecycleHarness

    @Test func refundingTheLatestTransactionRevokesTheSubscription() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        try h.handle(.refund(RefundDetails(transaction: h.latest, reason: .refundedDueToIssue)))
        #expect(h.latest.revocationDate == h.now && h.latest.revocationReason == .refundedDueToIssue)
        #expect(h.latest.revocationType == .refundFull && h.latest.revocationPercentage == 100_000)
        #expect(h.names(from: 1) == ["REFUND"])
        #expect(h.statuses(from: 1) == [5])
        #expect(h.current.dueEvent == nil)
    }

    @Test(arguments: [RefundRevocationRule.latestTransactionOnly, .anyTransaction])
    func refundingAnOlderTransactionRevokesOnlyUnderTheAnyTransactionRule(rule: RefundRevocationRule) throws {
        var h = H(policy: LifecyclePolicy(refundRevocation: rule))
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        let first = h.latest
        try h.fireDueEvent()
        try h.handle(.refund(RefundDetails(transaction: first, type: .refundProrated, percentage: 25_000)))
        #expect(h.transactions[first.transactionId!]?.revocationPercentage == 25_000)
        #expect(h.statuses().last == (rule == .anyTransaction ? 5 : 1))
    }

    @Test func aReversedRefundRestoresTheStateAndClearsTheRevocation() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        try h.handle(.refund(RefundDetails(transaction: h.latest)))
        try h.handle(.reverseRefund(h.latest))
        #expect(h.latest.revocationDate == nil && h.latest.revocationType == nil)
        #expect(h.names(from: 1) == ["REFUND", "REFUND_REVERSED"])
        #expect(h.statuses(from: 1) == [5, 1])
        #expect(h.current.dueEvent?.kind == .renewal)
    }

    @Test func anInAppRefundRequestTurnsAutoRenewOffThenAsksForConsumption() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        try h.handle(.requestRefund(h.latest, reason: .unintendedPurchase))
        try h.handle(.declineRefund(h.latest))
        #expect(h.names(from: 1) == ["DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "CONSUMPTION_REQUEST",
            "REFUND_DECLINED"])
        #expect(h.notifications[2].consumptionRequestReason == .unintendedPurchase)
    }

    @Test(arguments: [true, false])
    func revocationNotificationsCarryStatusAsThePolicySays(includes: Bool) throws {
        var h = H(policy: LifecyclePolicy(includesStatusInRevocationNotifications: includes))
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        try h.handle(.refund(RefundDetails(transaction: h.latest)))
        #expect(h.notifications.last?.status == (includes ? .revoked : nil))
    }

    @Test func aPriceIncreaseWithConsentChargesTheNewPriceAfterConsent() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.monthly, introductoryOfferEligibility: false))
        try h.handle(.priceIncrease(newPriceMilliunits: 5990, requiresConsent: true))
        #expect(h.notifications.last?.renewalInfo?.priceIncreaseStatus == .customerHasNotResponded)
        #expect(h.notifications.last?.renewalInfo?.renewalPrice == 5990)
        try h.handle(.respondToPriceIncrease(accepted: true))
        #expect(h.notifications.last?.renewalInfo?.priceIncreaseStatus == .customerConsentedOrWasNotifiedWithoutNeedingConsent)
        try h.fireDueEvent()
        #expect(h.latest.price == 5990)
        #expect(h.current.renewalInfo(in: h.context).priceIncreaseStatus == nil)
        try h.fireDueEvent()
        #expect(h.latest.price == 5990)
        #expect(h.names(from: 1) == ["PRICE_INCREASE/PENDING", "PRICE_INCREASE/ACCEPTED", "DID_RENEW", "DID_RENEW"])
    }

    @Test func anUnansweredPriceIncreaseExpiresTheSubscription() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        try h.handle(.priceIncrease(newPriceMilliunits: 5990, requiresConsent: true))
        try h.fireDueEvent()
        #expect(h.names(from: 1) == ["PRICE_INCREASE/PENDING", "EXPIRED/PRICE_INCREASE"])
        #expect(h.notifications.last?.renewalInfo?.expirationIntent == .customerDidNotConsentToPriceIncrease)
    }

    @Test(arguments: [DeclinedPriceIncreaseRule.expireWithPriceIncrease, .expireVoluntarily])
    func aDeclinedPriceIncreaseExpiresAsThePolicySays(rule: DeclinedPriceIncreaseRule) throws {
        var h = H(policy: LifecyclePolicy(declinedPriceIncreaseExpiration: rule))
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        try h.handle(.priceIncrease(newPriceMilliunits: 5990, requiresConsent: true))
        try h.handle(.respondToPriceIncrease(accepted: false))
        try h.fireDueEvent()
        #expect(h.names(from: 2) == ["DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
            rule == .expireWithPriceIncrease ? "EXPIRED/PRICE_INCREASE" : "EXPIRED/VOLUNTARY"])
    }

    @Test func anIncreaseWithoutConsentIsAcceptedAtOnce() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        try h.handle(.priceIncrease(newPriceMilliunits: 5490, requiresConsent: false))
        #expect(throws: LifecycleError.noPriceIncreasePending(originalTransactionId: h.current.originalTransactionId)) {
            try h.handle(.respondToPriceIncrease(accepted: true))
        }
        #expect(h.names(from: 1) == ["PRICE_INCREASE/ACCEPTED"])
    }

    @Test func anExtensionMovesTheCurrentExpiryInPlace() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        let expiry = h.latest.expiresDate!
        let id = h.latest.transactionId
        try h.handle(.extendRenewalDate(RenewalDateExtension(days: 10, reason: .customerSatisfaction,
            requestIdentifier: "r1", latestTransaction: h.latest)))
        #expect(h.latest.transactionId == id)
        #expect(h.latest.expiresDate == expiry.adding(.seconds(10 * 86_400)))
        #expect(h.current.dueEvent?.date == h.latest.expiresDate)
        #expect(h.names(from: 1) == ["RENEWAL_EXTENDED"])
    }

    @Test func theAlternativeExtensionRuleAddsAFreeTransaction() throws {
        var h = H(policy: LifecyclePolicy(renewalExtension: .createExtensionTransaction))
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        let first = h.latest
        try h.handle(.extendRenewalDate(RenewalDateExtension(days: 5, reason: .other, requestIdentifier: "r",
            latestTransaction: first)))
        #expect(h.latest.transactionId != first.transactionId)
        #expect(h.latest.purchaseDate == first.expiresDate && h.latest.price == 0)
        #expect(h.transactions[first.transactionId!]?.expiresDate == first.expiresDate)
    }

    @Test func extensionsAreLimitedToTwoPerYearAndToPaidActivePeriods() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.yearly))
        let free = RenewalDateExtension(days: 1, reason: .other, requestIdentifier: "r", latestTransaction: h.latest)
        #expect(throws: LifecycleError.self) { try h.handle(.extendRenewalDate(free)) }
        try h.fireDueEvent()
        for _ in 0..<2 {
            try h.handle(.extendRenewalDate(RenewalDateExtension(days: 1, reason: .other, requestIdentifier: "r",
                latestTransaction: h.latest)))
        }
        #expect(throws: LifecycleError.extensionLimitReached(originalTransactionId: h.current.originalTransactionId)) {
            try h.handle(.extendRenewalDate(RenewalDateExtension(days: 1, reason: .other, requestIdentifier: "r",
                latestTransaction: h.latest)))
        }
    }

    @Test func familyMembersFollowThePurchaserWithTheirOwnTransactions() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.monthly, appAccountToken: "aaaaaaaa-0000-4000-8000-000000000000"))
        h.addFamilyMember("bob")
        let member = h.members[0]
        let grant = h.transactions[member.latestTransactionId]!
        #expect(grant.inAppOwnershipType == .familyShared && grant.appAccountToken == nil)
        #expect(grant.originalTransactionId == member.originalTransactionId)
        #expect(grant.originalTransactionId != h.current.originalTransactionId)
        #expect(grant.webOrderLineItemId == h.latest.webOrderLineItemId)
        try h.handle(.setBillingIssue(true))
        try h.fireDueEvent()
        try h.handle(.resolveBillingIssue)
        #expect(h.names() == ["SUBSCRIBED/INITIAL_BUY", "SUBSCRIBED/INITIAL_BUY", "DID_FAIL_TO_RENEW",
            "DID_FAIL_TO_RENEW", "DID_RENEW/BILLING_RECOVERY", "DID_RENEW/BILLING_RECOVERY"])
        let renewed = h.transactions[h.members[0].latestTransactionId]!
        #expect(renewed.inAppOwnershipType == .familyShared && renewed.webOrderLineItemId == h.latest.webOrderLineItemId)
        #expect(h.notifications[5].renewalInfo?.originalTransactionId == member.originalTransactionId)
        #expect(throws: LifecycleError.familySharedExtension(originalTransactionId: member.originalTransactionId)) {
            try h.handleMember(0, .extendRenewalDate(RenewalDateExtension(days: 1, reason: .other,
                requestIdentifier: "r", latestTransaction: renewed)))
        }
        try h.handleMember(0, .familyRevoke(reason: .refundedForOtherReason, latestTransaction: renewed))
        #expect(h.names().last == "REVOKE")
        #expect(h.transactions[renewed.transactionId!]?.revocationType == .familyRevoke)
        #expect(h.members[0].state.status == .revoked)
    }

    @Test(arguments: [FamilyWebOrderLineItemRule.sameAsPurchaser, .ownValue])
    func familyWebOrderLineItemIdsFollowThePolicy(rule: FamilyWebOrderLineItemRule) throws {
        var h = H(policy: LifecyclePolicy(familyWebOrderLineItemId: rule))
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        h.addFamilyMember("bob")
        let grant = h.transactions[h.members[0].latestTransactionId]!
        #expect((grant.webOrderLineItemId == h.latest.webOrderLineItemId) == (rule == .sameAsPurchaser))
    }
}
