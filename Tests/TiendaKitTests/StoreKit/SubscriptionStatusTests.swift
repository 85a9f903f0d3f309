import Foundation
import Testing
import TiendaKit

@Suite struct SubscriptionStatusTests {
    /// Buys the monthly subscription and returns its product and transaction.
    private func subscribe(_ store: StoreUnderTest) async throws -> (Product, Transaction) {
        let monthly = try #require(try await Product.products(for: [IDs.monthly]).first)
        let transaction = try #require(try await monthly.purchase().verifiedTransaction)
        await transaction.finish()
        return (monthly, transaction)
    }

    private func state(_ product: Product) async throws -> RenewalState? {
        try await product.subscription?.status.first?.state
    }

    @Test(arguments: BackendKind.both)
    func aFailedRenewalGoesToGraceThenBillingRetryThenExpires(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.launch {
            let (monthly, transaction) = try await subscribe(store)
            #expect(try await state(monthly) == .subscribed)
            try await store.session.setBillingIssue(true, forTransaction: transaction.id)
            try await store.session.advance(by: .days(31))
            #expect(try await state(monthly) == .inGracePeriod)
            #expect(await verifiedProductIDs(Transaction.currentEntitlements) == [IDs.monthly])
            let info = try #require(try await monthly.subscription?.status.first?.renewalInfo.payloadValue)
            #expect(info.isInBillingRetry)
            #expect(info.gracePeriodExpirationDate != nil)
            try await store.session.advance(by: .days(20))
            #expect(try await state(monthly) == .inBillingRetryPeriod)
            #expect(await collect(Transaction.currentEntitlements).isEmpty)
            try await store.session.advance(by: .days(70))
            #expect(try await state(monthly) == .expired)
            let expired = try #require(try await monthly.subscription?.status.first?.renewalInfo.payloadValue)
            #expect(expired.expirationReason == .billingError)
        }
    }

    @Test(arguments: BackendKind.both)
    func resolvingTheBillingIssueRecoversTheSubscription(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.session.setBillingGracePeriodIsEnabled(false)
        try await store.launch {
            let (monthly, transaction) = try await subscribe(store)
            try await store.session.setBillingIssue(true, forTransaction: transaction.id)
            try await store.session.advance(by: .days(31))
            #expect(try await state(monthly) == .inBillingRetryPeriod)
            try await store.session.resolveIssueForTransaction(identifier: String(transaction.id))
            #expect(try await state(monthly) == .subscribed)
        }
    }

    @Test(arguments: BackendKind.both)
    func aRefundRevokesTheSubscription(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.launch {
            let (monthly, transaction) = try await subscribe(store)
            try await store.session.refundTransaction(identifier: transaction.id)
            #expect(try await state(monthly) == .revoked)
            #expect(await collect(Transaction.currentEntitlements).isEmpty)
        }
    }

    @Test(arguments: BackendKind.both)
    func renewalInfoFollowsAutoRenewAndPriceIncreaseControls(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.launch {
            let (monthly, transaction) = try await subscribe(store)
            var info = try #require(try await monthly.subscription?.status.first?.renewalInfo.payloadValue)
            #expect(info.willAutoRenew)
            #expect(info.currentProductID == IDs.monthly)
            #expect(info.originalTransactionID == transaction.id)
            try await store.session.disableAutoRenewForTransaction(identifier: transaction.id)
            info = try #require(try await monthly.subscription?.status.first?.renewalInfo.payloadValue)
            #expect(!info.willAutoRenew)
            try await store.session.enableAutoRenewForTransaction(identifier: transaction.id)
            try await store.session.requestPriceIncreaseConsentForTransaction(identifier: transaction.id)
            info = try #require(try await monthly.subscription?.status.first?.renewalInfo.payloadValue)
            #expect(info.priceIncreaseStatus == .pending)
            try await store.session.consentToPriceIncreaseForTransaction(identifier: transaction.id)
            info = try #require(try await monthly.subscription?.status.first?.renewalInfo.payloadValue)
            #expect(info.priceIncreaseStatus == .agreed)
        }
    }

    @Test(arguments: BackendKind.both)
    func forcedRenewalAndExpiryMoveTheStatus(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.launch {
            let (monthly, transaction) = try await subscribe(store)
            let renewal = try await store.session.forceRenewalOfSubscription(productIdentifier: IDs.monthly)
            #expect(renewal.originalID == transaction.id)
            #expect(renewal.reason == .renewal)
            try await store.session.expireSubscription(productIdentifier: IDs.monthly)
            #expect(try await state(monthly) == .expired)
            #expect(await monthly.subscription?.isEligibleForIntroOffer == false)
        }
    }
}
