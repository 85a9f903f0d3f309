import Foundation
import Testing
import TiendaKit

/// Seed 001, "Comprar y cerrar".
@Suite(.hangGuard) @MainActor struct PurchaseFlowTests {
    @Test(arguments: BackendKind.both)
    func aSuccessfulPurchaseUnlocksItsCapabilityAndIsFinished(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        let store = try await ExampleStore.launch(fixture.backend)
        #expect(!store.isPro)
        #expect(await store.purchase(productID: IDs.yearly) == .purchased(productID: IDs.yearly))
        #expect(store.isPro)
        #expect(store.ownedProductIDs == [IDs.yearly])
        #expect(store.subscriptionState == .subscribed)
        #expect(try await fixture.backend.unfinishedTransactions().isEmpty)
    }

    @Test(arguments: BackendKind.both)
    func aCancelledPurchaseChangesNothingAndShowsNoAlert(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        let store = try await ExampleStore.launch(fixture.backend)
        fixture.backend.dialogs.purchaseResponse = .cancel
        #expect(await store.purchase(productID: IDs.lifetime) == .cancelled)
        #expect(!store.isPro)
        #expect(store.lastError == nil)
        #expect(!store.isProcessing)
    }

    @Test(arguments: BackendKind.both)
    func aPendingPurchaseArrivesLaterThroughTheListener(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        try await fixture.session.setAskToBuyEnabled(true)
        let store = try await ExampleStore.launch(fixture.backend)
        #expect(await store.purchase(productID: IDs.lifetime) == .pending)
        #expect(store.pendingProductIDs == [IDs.lifetime])
        #expect(!store.isPro)
        let request = try #require(try await fixture.session.allTransactions().first { $0.pendingAskToBuyConfirmation })
        try await fixture.session.approveAskToBuyTransaction(identifier: request.identifier)
        await eventually { store.lastDeliveredTransaction?.productID == IDs.lifetime }
        #expect(store.isPro)
        #expect(store.pendingProductIDs.isEmpty)
        #expect(try await fixture.backend.unfinishedTransactions().isEmpty)
    }

    @Test(arguments: BackendKind.both)
    func purchaseCreditsBeforeFinishingAndExactlyOncePerTransaction(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tienda-ledger-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("coins.sqlite").path

        // The disk fails: the coins cannot be recorded, so the transaction must stay unfinished.
        let broken = try await ConsumableLedger(path: path)
        await broken.close()
        let first = try await ExampleStore.launch(fixture.backend, ledger: broken)
        #expect(await first.purchase(productID: IDs.coins) == .failed)
        #expect(first.lastError?.kind == .deliveryFailed)
        #expect(try await fixture.backend.unfinishedTransactions().count == 1)

        // The next launch delivers the unfinished transaction, credits it, and only then finishes it.
        let second = try await ExampleStore.launch(fixture.backend, ledger: try await ConsumableLedger(path: path))
        // `lastDeliveredTransaction` is set once the transaction is finished, after the credit.
        await eventually { second.lastDeliveredTransaction?.productID == IDs.coins }
        #expect(second.balance == 100)
        #expect(try await fixture.backend.unfinishedTransactions().isEmpty)

        // Another launch has nothing to deliver, and delivering the same transaction again credits nothing.
        let third = try await ExampleStore.launch(fixture.backend, ledger: try await ConsumableLedger(path: path))
        #expect(third.balance == 100)
        let ledger = try await ConsumableLedger(path: path)
        let transaction = try #require(second.lastDeliveredTransaction)
        let creditedAgain = try await ledger.credit(transactionID: transaction.id, productID: IDs.coins, amount: 100)
        #expect(!creditedAgain)
        #expect(try await ledger.balance() == 100)
    }

    @Test(arguments: BackendKind.both)
    func duplicateDeliveriesOfATransactionCreditItOnce(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        let doubling = InterposedBackend(base: fixture.backend, duplicatesUpdates: true)
        let store = try await ExampleStore.launch(doubling)
        try await fixture.session.buyProduct(identifier: IDs.coins, options: [.quantity(2)])
        await eventually { store.balance == 200 }
        try await fixture.session.buyProduct(identifier: IDs.coinChest)
        await eventually { store.balance == 1200 }
    }

    @Test(arguments: BackendKind.both)
    func theAppAccountTokenTravelsWithThePurchase(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        let token = UUID()
        let store = try await ExampleStore.launch(
            fixture.backend, configuration: ExampleStore.configuration(appAccountToken: token))
        #expect(await store.purchase(productID: IDs.theme) == .purchased(productID: IDs.theme))
        let owned = try await TiendaKit.withBackend(fixture.backend) {
            try #require(await Transaction.currentEntitlement(for: IDs.theme)).payloadValue
        }
        #expect(owned.appAccountToken == token)
    }

    @Test(arguments: BackendKind.both)
    func aProductThatIsNotLoadedCannotBeBoughtAndSaysSoEveryTime(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        let store = try await ExampleStore.launch(
            fixture.backend, configuration: ExampleStore.configuration(productIDs: [IDs.coins]))
        #expect(await store.purchase(productID: IDs.lifetime) == .failed)
        let first = try #require(store.lastError)
        #expect(first.kind == .productNotLoaded)
        #expect(await store.purchase(productID: IDs.lifetime) == .failed)
        let second = try #require(store.lastError)
        #expect(second.text == first.text)
        #expect(second.id != first.id)
    }

    @Test(arguments: BackendKind.both)
    func aRefusedPurchaseIsReportedAndUnlocksNothing(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        let store = try await ExampleStore.launch(fixture.backend)
        try await fixture.session.setCanMakePayments(false)
        #expect(await store.purchase(productID: IDs.lifetime) == .failed)
        #expect(store.lastError?.kind == .purchaseFailed)
        #expect(store.lastError?.text == "Purchases are not allowed on this account.")
        #expect(!store.isPro)
    }
}
