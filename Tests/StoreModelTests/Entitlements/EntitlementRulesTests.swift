import StoreModel
import Testing

/// The shared rule of what grants access (subscription-lifecycle.md §4.1).
@Suite struct EntitlementRulesTests {
    let now = Timestamp.referenceDate

    func transaction(
        _ id: String, _ type: ProductType, product: String = "p", chain: String? = nil, at purchase: Int64 = 0,
        expires: Int64? = nil, revoked: Bool = false, upgraded: Bool? = nil
    ) -> JWSTransactionDecodedPayload {
        JWSTransactionDecodedPayload(
            originalTransactionId: chain ?? id, transactionId: id, productId: product,
            purchaseDate: Timestamp(milliseconds: purchase), expiresDate: expires.map(Timestamp.init(milliseconds:)),
            type: type, revocationDate: revoked ? Timestamp(milliseconds: 1) : nil, isUpgraded: upgraded)
    }

    @Test(arguments: [
        (RenewalState.subscribed, true), (.inGracePeriod, true), (.inBillingRetryPeriod, false), (.expired, false),
        (.revoked, false),
    ])
    func autoRenewablesFollowTheRenewalState(state: RenewalState, entitled: Bool) {
        let rules = EntitlementRules()
        let subscription = transaction("1", .autoRenewable, expires: 1)
        #expect(rules.isCurrentEntitlement(subscription, renewalState: state, at: now) == entitled)
        #expect(state.isEntitled == entitled)
    }

    @Test func consumablesNeverAndOneTimePurchasesAlwaysUnlessRevoked() {
        let rules = EntitlementRules()
        #expect(!rules.isCurrentEntitlement(transaction("1", .consumable), renewalState: nil, at: now))
        #expect(rules.isCurrentEntitlement(transaction("2", .nonConsumable), renewalState: nil, at: now))
        #expect(rules.isCurrentEntitlement(transaction("3", .nonRenewable), renewalState: nil, at: now))
        #expect(!rules.isCurrentEntitlement(transaction("4", .nonConsumable, revoked: true), renewalState: nil, at: now))
        #expect(!rules.isCurrentEntitlement(transaction("5", .autoRenewable, revoked: true), renewalState: .subscribed,
            at: now))
    }

    @Test func upgradedTransactionsCountOnlyWhenConfiguredAndUntilTheyExpire() {
        let upgraded = transaction("1", .autoRenewable, expires: now.milliseconds + 10, upgraded: true)
        #expect(!EntitlementRules().isCurrentEntitlement(upgraded, renewalState: .subscribed, at: now))
        let lenient = EntitlementRules(includesUpgradedTransactions: true)
        #expect(lenient.isCurrentEntitlement(upgraded, renewalState: .subscribed, at: now))
        #expect(!lenient.isCurrentEntitlement(upgraded, renewalState: .subscribed, at: now.adding(milliseconds: 10)))
        #expect(LifecyclePolicy(includesUpgradedTransactionsInEntitlements: true).entitlementRules == lenient)
    }

    @Test func currentEntitlementsKeepTheLatestTransactionOfEachChainAndProduct() {
        let history = [
            transaction("10", .autoRenewable, product: "weekly", chain: "10", at: 1, expires: 2),
            transaction("11", .autoRenewable, product: "weekly", chain: "10", at: 2, expires: 3, upgraded: true),
            transaction("12", .autoRenewable, product: "monthly", chain: "10", at: 2, expires: now.milliseconds + 5),
            transaction("20", .autoRenewable, product: "other", chain: "20", at: 1, expires: 2),
            transaction("30", .nonConsumable, product: "lifetime", at: 3),
            transaction("40", .consumable, product: "coins", at: 4),
            transaction("50", .nonRenewable, product: "season", at: 5),
            transaction("51", .nonRenewable, product: "season", at: 6),
        ]
        let states: [String: RenewalState] = ["10": .subscribed, "20": .inBillingRetryPeriod]
        let ids = EntitlementRules().currentEntitlements(from: history, renewalStates: states, at: now)
            .map(\.transactionId)
        #expect(ids == ["12", "30", "51"])
        let lenient = EntitlementRules(includesUpgradedTransactions: true)
            .currentEntitlements(from: history, renewalStates: states, at: now).map(\.transactionId)
        #expect(lenient == ["12", "30", "51"])
    }

    @Test func allListsEverythingButFinishedConsumables() {
        #expect(!EntitlementRules.isListedInAll(transaction("1", .consumable), isFinished: true))
        #expect(EntitlementRules.isListedInAll(transaction("1", .consumable), isFinished: false))
        #expect(EntitlementRules.isListedInAll(transaction("1", .consumable, revoked: true), isFinished: true))
        #expect(EntitlementRules.isListedInAll(transaction("2", .nonRenewable), isFinished: true))
        #expect(!EntitlementRules.isListedInAll(transaction("2", .nonRenewable), isFinished: true, includesNonRenewing: false))
    }

    @Test(arguments: RenewalState.allCases)
    func renewalStatesRoundTripThroughStatusAndBothNumberings(state: RenewalState) {
        #expect(RenewalState(status: state.status) == state)
        #expect(state.rawValue(numbering: .serverStatusCodes) == Int(state.status.rawValue))
        for numbering in RenewalStateNumbering.allCases {
            #expect(RenewalState(rawValue: state.rawValue(numbering: numbering), numbering: numbering) == state)
        }
        #expect(RenewalState.subscribed.rawValue(numbering: .declarationOrder) == 0)
        #expect(RenewalState.revoked.rawValue(numbering: .declarationOrder) == 4)
    }

    @Test(arguments: ExpirationReason.allCases)
    func expirationReasonsMapToIntentsAndSubtypes(reason: ExpirationReason) {
        #expect(ExpirationReason(intent: reason.intent) == reason)
        let subtypes: [ExpirationReason: Subtype?] = [
            .autoRenewDisabled: .voluntary, .billingError: .billingRetry, .didNotConsentToPriceIncrease: .priceIncrease,
            .productUnavailable: .productNotForSale, .unknown: nil,
        ]
        #expect(reason.expiredSubtype == subtypes[reason]!)
    }

    @Test func priceIncreaseStatesMapToTheOptionalServerField() {
        #expect(PriceIncreaseState(nil) == .noIncreasePending)
        #expect(PriceIncreaseState(.customerHasNotResponded) == .pending)
        #expect(PriceIncreaseState(.customerConsentedOrWasNotifiedWithoutNeedingConsent) == .agreed)
        for state in PriceIncreaseState.allCases { #expect(PriceIncreaseState(state.status) == state) }
    }
}
