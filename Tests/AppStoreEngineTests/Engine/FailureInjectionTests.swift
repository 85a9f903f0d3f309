import StoreModel
import Testing

@testable import AppStoreEngine

/// `_storeKitErrors` and SKTestSession's failure switches.
@Suite struct FailureInjectionTests {
    typealias H = EngineHarness
    static let networkError = SimulatedStoreKitError(type: .generic, index: 2)

    @Test(arguments: StoreKind.allCases)
    func eachEnforcedAPIThrowsItsSimulatedErrorUntilCleared(store: StoreKind) async throws {
        let h = try await H.make(store)
        let bought = try await h.buy(H.coins)
        let calls: [(FailableStoreKitAPI, () async throws -> Void)] = [
            (.purchase, { try await h.buy(H.theme) }),
            (.loadProducts, { _ = try await h.engine.products(bundleId: H.bundleId) }),
            (.appStoreSync, { _ = try await h.engine.sync(bundleId: H.bundleId, accountId: "alice") }),
            (.subscriptionStatus, {
                _ = try await h.engine.subscriptionStatuses(bundleId: H.bundleId, accountId: "alice", groupId: H.groupId)
            }),
            (.appTransaction, { _ = try await h.engine.appTransaction(bundleId: H.bundleId, accountId: "alice") }),
            (.refundRequest, { try await h.engine.requestRefund(transactionId: bought.transactionId) }),
            (.offerCodeRedeem, {
                try await h.engine.redeemOfferCode(bundleId: H.bundleId, accountId: "alice", productId: H.yearly,
                    referenceName: "Friends")
            }),
            (.manageSubscriptions, { try await h.engine.checkSimulatedError(for: .manageSubscriptions, bundleId: H.bundleId) }),
            (.verification, { try await h.engine.checkSimulatedError(for: .verification, bundleId: H.bundleId) }),
        ]
        #expect(Set(calls.map(\.0)) == Set(FailableStoreKitAPI.knownValues))
        for (api, call) in calls {
            try await h.engine.setSimulatedError(Self.networkError, for: api, bundleId: H.bundleId)
            #expect(try await h.engine.simulatedError(for: api, bundleId: H.bundleId) == Self.networkError)
            #expect(await engineError(call) == .simulatedError(api: api, error: Self.networkError))
            try await h.engine.setSimulatedError(nil, for: api, bundleId: H.bundleId)
            #expect(await engineError(call) == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func resettingDropsOverridesAndRestoresTheFilesSettings(store: StoreKind) async throws {
        let h = try await H.make(store)
        try await h.engine.setSimulatedError(Self.networkError, for: .purchase, bundleId: H.bundleId)
        let reset = try await h.engine.resetToDefaults(bundleId: H.bundleId)
        #expect(reset.overrides.isEmpty && reset.settings.billingGracePeriodEnabled)
        #expect(try await h.engine.simulatedError(for: .purchase, bundleId: H.bundleId) == nil)
        try await h.buy(H.theme)
    }

    @Test(arguments: StoreKind.allCases)
    func failTransactionsFailsEveryPurchaseWithItsCode(store: StoreKind) async throws {
        let h = try await H.make(store) {
            $0.failTransactionsEnabled = true
            $0.storeKitErrorCode = 11
        }
        #expect(await engineError { try await h.buy(H.coins) } == .failedTransaction(code: 11))
        #expect(try await h.notifications().isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func interruptedPurchasesWaitUntilResolved(store: StoreKind) async throws {
        let h = try await H.make(store) { $0.interruptedPurchasesEnabled = true }
        let result = try await h.engine.purchase(PurchaseRequest(bundleId: H.bundleId, accountId: "alice", productId: H.coins))
        let pending = try #require(result.pendingPurchase)
        #expect(pending.kind == .interrupted)
        #expect(await engineError { try await h.engine.approveAskToBuy(pending.id) } != nil)
        let resolved = try await h.engine.resolvePurchaseIssue(pending.id)
        #expect(try await h.names() == ["ONE_TIME_CHARGE"])
        let updates = try await h.engine.transactionUpdates(bundleId: H.bundleId, accountId: "alice")
        #expect(updates.updates.map(\.transaction.transactionId) == [resolved.transactionId])
    }

    @Test(arguments: StoreKind.allCases)
    func accountsThatCannotPayAreRefused(store: StoreKind) async throws {
        let h = try await H.make(store)
        try await h.engine.updateAccount("alice", canMakePayments: false)
        #expect(await engineError { try await h.buy(H.coins) }?.purchaseErrorName == "purchaseNotAllowed")
        #expect(await engineError { try await h.buy(H.coins, account: "nobody") } == .accountNotFound(accountId: "nobody"))
    }

    @Test(arguments: StoreKind.allCases)
    func billingRetryOnRenewalFailsEveryRenewal(store: StoreKind) async throws {
        let h = try await H.make(store) { $0.billingRetryOnRenewalEnabled = true }
        try await h.buy(H.monthly)
        try await h.advance(days: 31)
        #expect(try await h.names() == ["SUBSCRIBED/INITIAL_BUY", "DID_FAIL_TO_RENEW"])
    }
}
