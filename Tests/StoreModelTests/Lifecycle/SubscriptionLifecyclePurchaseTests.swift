import StoreModel
import Testing

/// First purchases, resubscriptions and introductory offers, driven with plain values.
@Suite struct SubscriptionLifecyclePurchaseTests {
    typealias H = LifecycleHarness

    @Test func aFirstPurchaseStartsAChainWithItsOwnTransactionIdentifier() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.monthly, appAccountToken: "6f0e3c1a-0000-4000-8000-000000000001"))
        let chain = h.current
        let transaction = h.latest
        #expect(chain.originalTransactionId == "2000000000000001")
        #expect(transaction.transactionId == chain.originalTransactionId)
        #expect(transaction.originalTransactionId == chain.originalTransactionId)
        #expect(transaction.webOrderLineItemId == "2000000500000001")
        #expect(transaction.transactionReason == .purchase)
        #expect(transaction.purchaseDate == .referenceDate)
        #expect(transaction.originalPurchaseDate == .referenceDate)
        #expect(transaction.type == .autoRenewable)
        #expect(transaction.inAppOwnershipType == .purchased)
        #expect(transaction.subscriptionGroupIdentifier == "5C0A11E1")
        #expect(transaction.storefront == "USA" && transaction.storefrontId == "143441" && transaction.currency == "USD")
        #expect(transaction.appAccountToken == "6f0e3c1a-0000-4000-8000-000000000001")
        #expect(transaction.appTransactionId == "704000000000000001")
        #expect(h.names() == ["SUBSCRIBED/INITIAL_BUY"])
        #expect(h.statuses() == [1])
        #expect(h.lastActions.completedPurchaseTransactionId == chain.originalTransactionId)
        #expect(chain.dueEvent == LifecycleDueEvent(kind: .renewal, date: transaction.expiresDate!))
    }

    @Test func aPayAsYouGoIntroductoryOfferLastsItsPeriodsThenTheRegularPriceApplies() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        var prices: [Int64?] = [h.latest.price]
        var offers: [OfferType?] = [h.latest.offerType]
        #expect(h.latest.offerDiscountType == .payAsYouGo)
        #expect(h.latest.offerPeriod == "P3M")
        #expect(h.latest.expiresDate == Timestamp(milliseconds: 1_706_745_600_000))  // 2024-02-01
        for _ in 0..<3 {
            try h.fireDueEvent()
            prices.append(h.latest.price)
            offers.append(h.latest.offerType)
        }
        #expect(prices == [990, 990, 990, 4990])
        #expect(offers == [.introductoryOffer, .introductoryOffer, .introductoryOffer, nil])
        #expect(h.current.hasUsedIntroductoryOffer)
    }

    @Test func theRenewalInfoShowsTheOfferOfTheNextPeriod() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        var info = h.current.renewalInfo(in: h.context)
        #expect(info.offerType == .introductoryOffer && info.renewalPrice == 990)
        try h.fireDueEvent()
        try h.fireDueEvent()
        info = h.current.renewalInfo(in: h.context)
        #expect(info.offerType == nil && info.offerDiscountType == nil && info.renewalPrice == 4990)
    }

    @Test func aFreeTrialIsOneTransactionOfTheTrialPeriodAtPriceZero() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.yearly))
        #expect(h.latest.price == 0)
        #expect(h.latest.offerDiscountType == .freeTrial)
        #expect(h.latest.offerPeriod == "P2W")
        #expect(h.latest.offerIdentifier == nil)
        #expect(h.latest.expiresDate == Timestamp.referenceDate.adding(.seconds(14 * 86_400)))
        try h.fireDueEvent()
        #expect(h.latest.price == 39_990 && h.latest.offerType == nil)
    }

    @Test func eligibilityCanBeOverriddenBySignedEligibility() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.monthly, introductoryOfferEligibility: false))
        #expect(h.latest.offerType == nil && h.latest.price == 4990)
        #expect(!h.current.hasUsedIntroductoryOffer)
    }

    @Test func resubscribingAfterExpiryKeepsTheChainAndSkipsAUsedIntroductoryOffer() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        try h.handle(.setAutoRenew(false))
        try h.fireDueEvent()
        h.now = h.now.adding(.seconds(86_400))
        try h.handle(.purchase(SubscriptionPurchase(productId: H.yearly)))
        #expect(h.names() == [
            "SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "EXPIRED/VOLUNTARY",
            "SUBSCRIBED/RESUBSCRIBE",
        ])
        #expect(h.statuses() == [1, 1, 2, 1])
        #expect(h.latest.originalTransactionId == h.current.originalTransactionId)
        #expect(h.latest.transactionReason == .purchase)
        #expect(h.latest.purchaseDate == h.now)
        #expect(h.latest.offerType == nil && h.latest.price == 39_990)
        #expect(h.current.recentSubscriptionStartDate == .referenceDate)
    }

    @Test func aLapseOfMoreThanSixtyDaysRestartsTheRecentSubscriptionStartDate() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.weekly))
        try h.handle(.setAutoRenew(false))
        try h.fireDueEvent()
        h.now = h.now.adding(.seconds(61 * 86_400))
        try h.handle(.purchase(SubscriptionPurchase(productId: H.weekly)))
        #expect(h.current.recentSubscriptionStartDate == h.now)
    }

    @Test func buyingTheCurrentProductAgainChargesNothing() throws {
        var h = H()
        try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        let first = h.current.latestTransactionId
        let actions = try h.handle(.purchase(SubscriptionPurchase(productId: H.monthly)))
        #expect(actions.createdTransactions.isEmpty)
        #expect(actions.completedPurchaseTransactionId == first)
        #expect(h.names() == ["SUBSCRIBED/INITIAL_BUY"])
    }

    @Test func productsOfAnotherGroupOrOutOfTheCatalogAreRefused() throws {
        var h = H()
        #expect(throws: LifecycleError.productNotFound(productId: "nope")) {
            try h.subscribe(SubscriptionPurchase(productId: "nope"))
        }
        h.context.productsNotForSale = [H.monthly]
        #expect(throws: LifecycleError.productNotForSale(productId: H.monthly)) {
            try h.subscribe(SubscriptionPurchase(productId: H.monthly))
        }
        #expect(h.ids == TransactionIdentifierGenerator())
    }
}
