import StoreModel
import Testing

/// Upgrades, downgrades, crossgrades and offers on a running subscription.
@Suite struct SubscriptionLifecycleChangeTests {
    typealias H = LifecycleHarness

    @Test func anUpgradeStartsANewPeriodNowAndMarksTheOldTransaction() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.weekly))
        let old = h.latest
        h.now = h.now.adding(.seconds(86_400))
        let actions = try h.handle(.purchase(SubscriptionPurchase(productId: H.monthly, latestTransaction: old)))
        let new = h.latest
        #expect(h.transactions[old.transactionId!]?.isUpgraded == true)
        #expect(new.productId == H.monthly && new.transactionReason == .purchase && new.purchaseDate == h.now)
        #expect(new.originalTransactionId == old.originalTransactionId)
        #expect(new.webOrderLineItemId != old.webOrderLineItemId)
        #expect(new.offerType == nil)
        #expect(actions.completedPurchaseTransactionId == new.transactionId)
        #expect(h.names(from: 1) == ["DID_CHANGE_RENEWAL_PREF/UPGRADE"])
        let info = try #require(h.notifications.last?.renewalInfo)
        #expect(info.productId == H.monthly && info.autoRenewProductId == H.monthly)
    }

    @Test func aDowngradeWaitsForTheRenewal() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        let current = h.latest.transactionId
        let actions = try h.handle(.purchase(SubscriptionPurchase(productId: H.weekly)))
        #expect(actions.completedPurchaseTransactionId == current)
        #expect(h.notifications.last?.renewalInfo?.autoRenewProductId == H.weekly)
        #expect(h.notifications.last?.renewalInfo?.productId == H.monthly)
        try h.fireDueEvent()
        #expect(h.latest.productId == H.weekly && h.latest.transactionReason == .renewal)
        #expect(h.names(from: 1) == ["DID_CHANGE_RENEWAL_PREF/DOWNGRADE", "DID_RENEW"])
    }

    @Test func aCrossgradeToAnotherDurationWaitsAndOneToTheSameDurationIsImmediate() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        try h.handle(.purchase(SubscriptionPurchase(productId: H.yearly)))
        #expect(h.names(from: 1) == ["DID_CHANGE_RENEWAL_PREF/DOWNGRADE"])
        let monthly = H.catalog.subscription(id: H.monthly)!
        let yearly = H.catalog.subscription(id: H.yearly)!
        #expect(PlanChange(from: monthly, to: yearly) == .crossgradeAtRenewal)
        var sameDuration = yearly
        sameDuration.recurringSubscriptionPeriod = .oneMonth
        #expect(PlanChange(from: monthly, to: sameDuration) == .crossgradeImmediately)
    }

    @Test func revertingADowngradeSendsAPreferenceChangeWithoutSubtype() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        try h.handle(.purchase(SubscriptionPurchase(productId: H.weekly)))
        try h.handle(.changeRenewalProduct(productId: H.monthly, latestTransaction: h.latest))
        #expect(h.names(from: 1) == ["DID_CHANGE_RENEWAL_PREF/DOWNGRADE", "DID_CHANGE_RENEWAL_PREF"])
        #expect(h.current.autoRenewProductId == H.monthly)
    }

    @Test func aPromotionalOfferOnTheCurrentProductAppliesAtTheNextRenewal() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.monthly, introductoryOfferEligibility: false))
        try h.handle(.purchase(SubscriptionPurchase(
            productId: H.monthly, offer: .promotional(offerIdentifier: "pro.monthly.half"))))
        #expect(h.names(from: 1) == ["OFFER_REDEEMED"])
        let info = try #require(h.notifications.last?.renewalInfo)
        #expect(info.offerType == .promotionalOffer && info.offerIdentifier == "pro.monthly.half")
        #expect(info.renewalPrice == 2490)
        #expect(h.latest.offerType == nil)
        try h.fireDueEvent()
        try h.fireDueEvent()
        try h.fireDueEvent()
        let prices = h.transactions.values.filter { $0.transactionReason == .renewal }
            .sorted { $0.purchaseDate! < $1.purchaseDate! }.map(\.price)
        #expect(prices == [2490, 2490, 4990])
    }

    @Test func offersForOtherProductsUpgradeOrDowngradeWithOfferRedeemed() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.weekly))
        try h.handle(.purchase(SubscriptionPurchase(
            productId: H.monthly, offer: .promotional(offerIdentifier: "pro.monthly.half"), latestTransaction: h.latest)))
        #expect(h.latest.offerType == .promotionalOffer && h.latest.price == 2490)
        try h.handle(.purchase(SubscriptionPurchase(productId: H.yearly, offer: .promotional(offerIdentifier: "pro.yearly.comeback"))))
        #expect(h.names(from: 1) == ["OFFER_REDEEMED/UPGRADE", "OFFER_REDEEMED/DOWNGRADE"])
    }

    @Test func promotionalOffersNeedAPriorSubscriptionUnlessThePolicyAllowsThem() throws {
        var h = H()
        let purchase = SubscriptionPurchase(productId: H.monthly, offer: .promotional(offerIdentifier: "pro.monthly.half"))
        #expect(throws: LifecycleError.self) { try h.subscribe(purchase) }
        var open = H(policy: LifecyclePolicy(promotionalOffersRequirePriorSubscription: false))
        try open.subscribe(purchase)
        #expect(open.latest.offerType == .promotionalOffer)
    }

    @Test func offerCodesFollowTheirEligibility() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.yearly, offer: .offerCode(referenceName: "Friends")))
        #expect(h.latest.offerType == .offerCode && h.latest.offerIdentifier == "Friends" && h.latest.price == 0)
        #expect(h.names() == ["SUBSCRIBED/INITIAL_BUY"])
        #expect(throws: LifecycleError.self) {
            try h.handle(.purchase(SubscriptionPurchase(productId: H.yearly, offer: .offerCode(referenceName: "Friends"))))
        }
        #expect(throws: LifecycleError.invalidOfferIdentifier(offer: "Nope", productId: H.yearly)) {
            try h.handle(.purchase(SubscriptionPurchase(productId: H.yearly, offer: .offerCode(referenceName: "Nope"))))
        }
    }

    @Test func winBackOffersNeedAChurnedSubscriber() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.yearly))
        let winBack = SubscriptionPurchase(productId: H.yearly, offer: .winBack(offerIdentifier: "pro.yearly.winback"))
        #expect(throws: LifecycleError.self) { try h.handle(.purchase(winBack)) }
        #expect(h.current.renewalInfo(in: h.context).eligibleWinBackOfferIds == nil)
        try h.handle(.setAutoRenew(false))
        try h.fireDueEvent()
        #expect(h.current.renewalInfo(in: h.context).eligibleWinBackOfferIds == ["pro.yearly.winback"])
        try h.handle(.purchase(winBack))
        #expect(h.names().suffix(1) == ["SUBSCRIBED/RESUBSCRIBE"])
        #expect(h.latest.offerType == .winBackOffer && h.latest.price == 24_990)
    }

    @Test func failedEventsLeaveTheChainUnchanged() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        let before = h.current
        let ids = h.ids
        #expect(throws: LifecycleError.self) {
            try h.handle(.purchase(SubscriptionPurchase(productId: H.monthly, offer: .promotional(offerIdentifier: "x"))))
        }
        #expect(h.current == before && h.ids == ids)
    }
}
