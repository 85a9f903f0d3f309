import Foundation
import Testing
import TiendaKit

@Suite struct TestSessionTests {
    @Test(arguments: BackendKind.both)
    func settingsOverrideTheFileUntilReset(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        let original = try await store.session.settings
        #expect(original.billingGracePeriodEnabled)
        try await store.session.updateSettings { change in
            change.askToBuyEnabled = true
            change.timeRate = .monthlyRenewalEveryThirtySeconds
        }
        try await store.session.setSimulatedError(.generic(.unknown), forAPI: .loadProducts)
        let changed = try await store.session.settings
        #expect(changed.askToBuyEnabled)
        #expect(changed.timeRate == .monthlyRenewalEveryThirtySeconds)
        #expect(try await store.session.simulatedError(forAPI: .loadProducts) == .generic(.unknown))
        try await store.session.resetToDefaultState()
        #expect(try await store.session.settings == original)
        #expect(try await store.session.simulatedError(forAPI: .loadProducts) == nil)
    }

    @Test(arguments: BackendKind.both)
    func interruptedPurchasesWaitUntilResolved(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.session.setInterruptedPurchasesEnabled(true)
        try await store.launch {
            var updates = Transaction.updates.makeAsyncIterator()
            let lifetime = try #require(try await Product.products(for: [IDs.lifetime]).first)
            #expect(try await lifetime.purchase() == .pending)
            let interrupted = try #require(try await store.session.allTransactions().first { $0.hasPurchaseIssue })
            try await store.session.resolveIssueForTransaction(identifier: interrupted.identifier)
            let delivered = await next(1, from: &updates)
            #expect(delivered.compactMap { try? $0.payloadValue.productID } == [IDs.lifetime])
        }
    }

    @Test(arguments: BackendKind.both)
    func aDeclinedAskToBuyNeverBecomesATransaction(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.session.setAskToBuyEnabled(true)
        try await store.launch {
            let theme = try #require(try await Product.products(for: [IDs.theme]).first)
            #expect(try await theme.purchase() == .pending)
            let request = try #require(try await store.session.allTransactions().first)
            try await store.session.declineAskToBuyTransaction(identifier: request.identifier)
            #expect(try await store.session.allTransactions().isEmpty)
            #expect(await collect(Transaction.all).isEmpty)
        }
    }

    @Test(arguments: BackendKind.both)
    func failTransactionsMakesEveryPurchaseFail(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.session.setFailTransactionsEnabled(true)
        await store.launch {
            let theme = try? await Product.products(for: [IDs.theme]).first
            await #expect(throws: StoreKitError.self) { _ = try await theme?.purchase() }
        }
    }

    @Test(arguments: BackendKind.both)
    func transactionsCanBeListedDeletedAndCleared(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        let theme = try await store.session.buyProduct(identifier: IDs.theme)
        try await store.session.buyProduct(identifier: IDs.lifetime)
        try await store.session.buyProduct(identifier: IDs.monthly)
        #expect(try await store.session.allTransactions().map(\.productIdentifier).sorted() == [IDs.lifetime, IDs.monthly, IDs.theme].sorted())
        let monthly = try #require(try await store.session.allTransactions().first { $0.productIdentifier == IDs.monthly })
        #expect(monthly.autoRenewingEnabled)
        try await store.session.deleteTransaction(identifier: theme.id)
        #expect(try await store.session.allTransactions().count == 2)
        try await store.session.clearTransactions()
        #expect(try await store.session.allTransactions().isEmpty)
    }

    @Test(arguments: BackendKind.both)
    func offerCodesRedeemedInTheSheetArriveThroughUpdates(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.launch {
            var updates = Transaction.updates.makeAsyncIterator()
            let redeemed = try await store.session.redeemOfferCode(referenceName: "Friends", productIdentifier: IDs.yearly)
            #expect(redeemed.offer?.type == .code)
            let delivered = try #require(await next(1, from: &updates).first?.payloadValue)
            #expect(delivered.id == redeemed.id)
        }
    }

    @Test(arguments: BackendKind.both)
    func controlsNameWhatTheyCannotFind(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        await #expect(throws: TestSessionError(.noSubscriptionFound, "")) {
            try await store.session.expireSubscription(productIdentifier: IDs.monthly)
        }
        await #expect(throws: TestSessionError(.noTransactionFound, "")) {
            try await store.session.refundTransaction(identifier: 999_999)
        }
    }
}
