import Foundation
import StoreModel
import Testing

@testable import AppStoreEngine

/// Operations on running subscriptions beyond the fidelity table.
@Suite struct SubscriptionOperationTests {
    typealias H = EngineHarness

    @Test(arguments: StoreKind.allCases)
    func expiringAndForcingRenewalsFollowStoreKitTesting(store: StoreKind) async throws {
        let h = try await H.make(store)
        let first = try await h.buy(H.monthly)
        try await h.engine.advance(by: .seconds(600))
        let renewed = try await h.engine.forceRenewal(originalTransactionId: first.transactionId)
        #expect(renewed.payload.purchaseDate == h.clock.now && renewed.payload.transactionReason == .renewal)
        #expect(try await h.engine.transaction(first.transactionId).payload.expiresDate == h.clock.now)
        try await h.engine.expireSubscription(originalTransactionId: first.transactionId)
        #expect(try await h.engine.transaction(renewed.transactionId).payload.expiresDate == h.clock.now)
        #expect(try await h.names() == [
            "SUBSCRIBED/INITIAL_BUY", "DID_RENEW", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "EXPIRED/VOLUNTARY",
        ])
        #expect(await engineError { _ = try await h.engine.forceRenewal(originalTransactionId: first.transactionId) } != nil)
    }

    @Test(arguments: StoreKind.allCases)
    func theAppAccountTokenAppliesToTheLatestTransactionAndRenewals(store: StoreKind) async throws {
        let h = try await H.make(store)
        let first = try await h.buy(H.monthly)
        let token = UUID()
        try await h.engine.setAppAccountToken(token, originalTransactionId: first.transactionId)
        #expect(try await h.engine.transaction(first.transactionId).payload.appAccountToken == token.uuidString.lowercased())
        try await h.advance(days: 31)
        #expect(try await h.notifications().last?.transaction?.appAccountToken == token.uuidString.lowercased())
        #expect(try await h.notifications().last?.renewalInfo?.appAccountToken == token.uuidString.lowercased())
        let renewal = try #require(try await h.notifications().last?.transaction?.transactionId)
        let coins = try await h.buy(H.coins)
        try await h.engine.setAppAccountToken(token, originalTransactionId: coins.transactionId)
        #expect(try await h.engine.transaction(coins.transactionId).payload.appAccountToken == token.uuidString.lowercased())
        #expect(await engineError { try await h.engine.setAppAccountToken(token, originalTransactionId: renewal) } != nil)
    }

    @Test(arguments: StoreKind.allCases)
    func extensionsAreRefusedWithAppleErrorCodes(store: StoreKind) async throws {
        let h = try await H.make(store, accounts: ["alice", "bob"])
        let trial = try await h.buy(H.yearly)
        #expect(await engineError { _ = try await h.engine.extendRenewalDate(originalTransactionId: trial.transactionId, days: 5) }?
            .serverAPIErrorCode == 4_030_004)
        #expect(await engineError { _ = try await h.engine.extendRenewalDate(originalTransactionId: trial.transactionId, days: 91) }
            == .invalidExtendByDays(91))
        try await LifecycleScenario.joinFamily(h)
        let member = try #require(try await h.notifications().last?.transaction?.originalTransactionId)
        #expect(await engineError { _ = try await h.engine.extendRenewalDate(originalTransactionId: member, days: 5) }?
            .serverAPIErrorCode == 4_030_007)
        try await h.advance(days: 15)
        for _ in 0..<2 { _ = try await h.engine.extendRenewalDate(originalTransactionId: trial.transactionId, days: 90) }
        #expect(await engineError { _ = try await h.engine.extendRenewalDate(originalTransactionId: trial.transactionId, days: 1) }?
            .serverAPIErrorCode == 4_030_005)
        #expect(await engineError { _ = try await h.engine.extendRenewalDate(originalTransactionId: "9", days: 1) }?
            .serverAPIErrorCode == 4_040_005)
    }

    @Test(arguments: StoreKind.allCases)
    func aMassExtensionRunsInPagesAndLimitsToItsStorefronts(store: StoreKind) async throws {
        let accounts = (0..<5).map { "user\($0)" }
        let h = try await H.make(store, accounts: accounts, massExtensionPageSize: 2)
        try await h.engine.updateAccount("user3", storefront: Storefront.known("ESP"))
        for account in accounts { try await h.buy(H.monthly, account: account) }
        try await h.buy(H.yearly, account: "user4")
        let status = try await h.engine.extendRenewalDatesForAllSubscribers(
            bundleId: H.bundleId, productId: H.monthly, days: 7, reason: .customerSatisfaction,
            requestIdentifier: "paged", storefrontCountryCodes: ["USA"])
        #expect(status.storefrontCountryCodes == ["USA"] && status.extendByDays == 7)
        let done = try await h.engine.massExtensionStatus(requestIdentifier: "paged")
        #expect(done.complete && done.succeededCount == 4 && done.failedCount == 0)  // user4's yearly plan starts at renewal
        let names = try await h.names(from: 6)
        #expect(names == Array(repeating: "RENEWAL_EXTENDED", count: 4) + ["RENEWAL_EXTENSION/SUMMARY"])
        #expect(await engineError {
            _ = try await h.engine.extendRenewalDatesForAllSubscribers(
                bundleId: H.bundleId, productId: H.monthly, days: 7, requestIdentifier: "paged")
        } == .alreadyExists("Extension request paged"))
        #expect(await engineError { _ = try await h.engine.massExtensionStatus(requestIdentifier: "nope") }?
            .serverAPIErrorCode == 4_040_009)
    }

    @Test(arguments: StoreKind.allCases)
    func refundDecisionsAndConsumptionInformationAreRecorded(store: StoreKind) async throws {
        let h = try await H.make(store)
        let coins = try await h.buy(H.coins)
        try await h.engine.requestRefund(transactionId: coins.transactionId, reason: .unintendedPurchase)
        let information = ConsumptionRequest(customerConsented: true, deliveryStatus: .delivered, refundPreference: .decline)
        try await h.engine.recordConsumptionInformation(information, transactionId: coins.transactionId)
        #expect(try await h.engine.consumptionInformation(transactionId: coins.transactionId)?.request == information)
        try await h.engine.declineRefund(transactionId: coins.transactionId)
        try await h.engine.refund(transactionId: coins.transactionId)
        try await h.engine.reverseRefund(transactionId: coins.transactionId)
        #expect(try await h.names() == ["ONE_TIME_CHARGE", "CONSUMPTION_REQUEST", "REFUND_DECLINED", "REFUND", "REFUND_REVERSED"])
        #expect(try await h.notifications()[1].payload.data?.consumptionRequestReason == .unintendedPurchase)
        #expect(try await h.engine.transaction(coins.transactionId).payload.revocationDate == nil)
        #expect(await engineError { try await h.engine.reverseRefund(transactionId: coins.transactionId) } != nil)
    }

    @Test(arguments: StoreKind.allCases)
    func aReversedSubscriptionRefundRestoresAccessWithTheSameRenewalDate(store: StoreKind) async throws {
        let h = try await H.make(store)
        let first = try await h.buy(H.monthly)
        try await h.engine.refund(transactionId: first.transactionId)
        try await h.advance(days: 40)
        try await h.engine.reverseRefund(transactionId: first.transactionId)
        #expect(try await h.names() == ["SUBSCRIBED/INITIAL_BUY", "REFUND", "REFUND_REVERSED", "DID_RENEW"])
        let renewal = try #require(try await h.notifications().last?.transaction)
        #expect(renewal.purchaseDate == first.payload.expiresDate)
    }

    @Test(arguments: StoreKind.allCases)
    func clearingAndDeletingRemoveTransactionsAndWhatDependsOnThem(store: StoreKind) async throws {
        let h = try await H.make(store)
        let subscription = try await h.buy(H.monthly)
        let coins = try await h.buy(H.coins)
        try await h.advance(days: 31)
        try await h.engine.deleteTransaction(subscription.transactionId)
        #expect(try await h.engine.allTransactions(bundleId: H.bundleId, accountId: "alice").map(\.transactionId) == [coins.transactionId])
        #expect(try await h.engine.nextDueDate() == nil)
        #expect(try await h.engine.isEligibleForIntroOffer(bundleId: H.bundleId, accountId: "alice", groupId: H.groupId))
        try await h.engine.clearTransactions(bundleId: H.bundleId)
        #expect(try await h.engine.allTransactions(bundleId: H.bundleId, accountId: "alice").isEmpty)
        #expect(try await h.notifications().count == 3)
        #expect(try await h.buy(H.monthly).payload.offerType == .introductoryOffer)
    }
}
