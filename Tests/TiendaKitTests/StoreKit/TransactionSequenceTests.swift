import Foundation
import Testing
import TiendaKit

@Suite struct TransactionSequenceTests {
    @Test(arguments: BackendKind.both)
    func currentEntitlementsHoldWhatGrantsAccessAndNeverConsumables(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.launch {
            let products = try await Product.products(for: [IDs.coins, IDs.lifetime, IDs.monthly, IDs.seasonPass])
            for product in products {
                let transaction = try #require(try await product.purchase().verifiedTransaction)
                await transaction.finish()
            }
            #expect(await verifiedProductIDs(Transaction.currentEntitlements) == [IDs.lifetime, IDs.monthly, IDs.seasonPass].sorted())
            #expect(await Transaction.currentEntitlement(for: IDs.lifetime) != nil)
            #expect(await Transaction.currentEntitlement(for: IDs.coins) == nil)
        }
    }

    @Test(arguments: BackendKind.both)
    func allKeepsHistoryAndLatestFindsTheNewestEvenWhenExpired(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.launch {
            let monthly = try #require(try await Product.products(for: [IDs.monthly]).first)
            let first = try #require(try await monthly.purchase().verifiedTransaction)
            try await store.session.advance(by: .days(31))
            try await store.session.expireSubscription(productIdentifier: IDs.monthly)
            let history = await collect(Transaction.all(for: IDs.monthly)).compactMap { try? $0.payloadValue }
            #expect(history.count == 2)
            #expect(history.allSatisfy { $0.originalID == first.id })
            let latest = try #require(await Transaction.latest(for: IDs.monthly))
            #expect(try latest.payloadValue.reason == .renewal)
            #expect(await collect(Transaction.currentEntitlements).isEmpty)
            #expect(await Transaction.latest(for: IDs.theme) == nil)
        }
    }

    @Test(arguments: BackendKind.both)
    func unfinishedHoldsWhatWasNotFinishedUntilItIs(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.launch {
            let coins = try #require(try await Product.products(for: [IDs.coins]).first)
            let transaction = try #require(try await coins.purchase().verifiedTransaction)
            #expect(await verifiedProductIDs(Transaction.unfinished) == [IDs.coins])
            #expect(await verifiedProductIDs(Transaction.all) == [IDs.coins])
            await transaction.finish()
            await transaction.finish()
            #expect(await collect(Transaction.unfinished).isEmpty)
            #expect(await collect(Transaction.all).isEmpty)
        }
    }

    @Test(arguments: BackendKind.both)
    func aPurchaseOnThisDeviceComesBackThroughTheResultNotUpdates(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.launch {
            var updates = Transaction.updates.makeAsyncIterator()
            let theme = try #require(try await Product.products(for: [IDs.theme]).first)
            let bought = try #require(try await theme.purchase().verifiedTransaction)
            await bought.finish()
            try await store.session.buyProduct(identifier: IDs.lifetime)
            let delivered = await next(1, from: &updates)
            #expect(delivered.compactMap { try? $0.payloadValue.productID } == [IDs.lifetime])
        }
    }

    @Test(arguments: BackendKind.both)
    func unfinishedTransactionsReachOnlyTheFirstListenerOfALaunch(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.launch {
            let coins = try #require(try await Product.products(for: [IDs.coins]).first)
            _ = try #require(try await coins.purchase().verifiedTransaction)
        }
        try await store.launch {
            var first = Transaction.updates.makeAsyncIterator()
            var second = Transaction.updates.makeAsyncIterator()
            let firstBatch = await next(1, from: &first)
            #expect(firstBatch.compactMap { try? $0.payloadValue.productID } == [IDs.coins])
            try await store.session.buyProduct(identifier: IDs.theme)
            let secondBatch = await next(1, from: &second)
            #expect(secondBatch.compactMap { try? $0.payloadValue.productID } == [IDs.theme])
        }
    }

    @Test(arguments: BackendKind.both)
    func renewalsRefundsAndApprovalsArriveThroughUpdates(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.launch {
            var updates = Transaction.updates.makeAsyncIterator()
            let products = try await Product.products(for: [IDs.monthly, IDs.theme])
            let monthly = try #require(products.first { $0.id == IDs.monthly })
            let theme = try #require(products.first { $0.id == IDs.theme })
            let subscription = try #require(try await monthly.purchase().verifiedTransaction)
            await subscription.finish()
            try await store.session.advance(by: .days(31))
            let renewal = try #require(await next(1, from: &updates).first?.payloadValue)
            #expect(renewal.reason == .renewal)
            #expect(renewal.originalID == subscription.id)

            #expect(try await theme.purchase(options: [.simulatesAskToBuyInSandbox(true)]) == .pending)
            let request = try #require(try await store.session.allTransactions().first { $0.pendingAskToBuyConfirmation })
            try await store.session.approveAskToBuyTransaction(identifier: request.identifier)
            let approved = try #require(await next(1, from: &updates).first?.payloadValue)
            #expect(approved.productID == IDs.theme)

            try await store.session.refundTransaction(identifier: approved.id)
            let refunded = try #require(await next(1, from: &updates).first?.payloadValue)
            #expect(refunded.id == approved.id)
            #expect(refunded.revocationDate != nil)
            #expect(refunded.revocationReason == .other)
        }
    }

    @Test(arguments: BackendKind.both)
    func aCancelledListenerStopsWaiting(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        let listener = Task {
            await store.launch {
                for await _ in Transaction.updates {}
            }
        }
        listener.cancel()
        await listener.value
    }
}
