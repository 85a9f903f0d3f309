import Foundation
import Testing
import TiendaKit

/// The consumable ledger: credited once per transaction, debited on refund.
@Suite(.hangGuard) @MainActor struct LedgerTests {
    @Test(arguments: BackendKind.both)
    func coinsBoughtInQuantityAreCreditedPerUnit(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        let store = try await ExampleStore.launch(fixture.backend)
        #expect(await store.purchase(productID: IDs.coins, quantity: 3) == .purchased(productID: IDs.coins))
        #expect(store.balance == 300)
    }

    @Test(arguments: BackendKind.both)
    func aRefundTakesBackTheCoinsItCredited(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        let store = try await ExampleStore.launch(fixture.backend)
        #expect(await store.purchase(productID: IDs.coinChest) == .purchased(productID: IDs.coinChest))
        let chest = try #require(store.lastDeliveredTransaction)
        #expect(await store.purchase(productID: IDs.coins) == .purchased(productID: IDs.coins))
        #expect(store.balance == 1100)
        try await fixture.session.refundTransaction(identifier: chest.id)
        await eventually { store.balance == 100 }
    }

    @Test(arguments: BackendKind.both)
    func aRefundAfterSpendingLeavesANegativeBalanceThatBlocksSpending(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        let store = try await ExampleStore.launch(fixture.backend)
        #expect(await store.purchase(productID: IDs.coins) == .purchased(productID: IDs.coins))
        #expect(await store.spend(80, reason: "hint"))
        let coins = try #require(store.lastDeliveredTransaction)
        try await fixture.session.refundTransaction(identifier: coins.id)
        await eventually { store.balance == -80 }
        #expect(await !store.spend(1, reason: "hint"))
        #expect(store.lastError?.kind == .insufficientBalance)
        #expect(await store.purchase(productID: IDs.coins) == .purchased(productID: IDs.coins))
        #expect(store.balance == 20)
        #expect(await store.spend(20, reason: "hint"))
    }

    @Test func creditsAndRefundsCountOnceWhateverTheOrder() async throws {
        let ledger = try await ConsumableLedger.inMemory()
        #expect(try await ledger.credit(transactionID: 1, productID: "coins", amount: 100))
        #expect(try await !ledger.credit(transactionID: 1, productID: "coins", amount: 100))
        #expect(try await ledger.reverse(transactionID: 1))
        #expect(try await !ledger.reverse(transactionID: 1))
        #expect(try await ledger.balance() == 0)
        #expect(try await !ledger.reverse(transactionID: 2))
        #expect(try await !ledger.credit(transactionID: 2, productID: "coins", amount: 100))
        #expect(try await ledger.balance() == 0)
        await #expect(throws: LedgerError(.insufficientBalance, "")) { try await ledger.spend(1, reason: "x") }
    }
}
