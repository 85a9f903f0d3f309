import Foundation
import Testing
import TiendaKit

/// Seeds 001 and 002: the updates listener starts with the store and stops when the store goes away.
@Suite(.hangGuard) @MainActor struct ListenerLifecycleTests {
    @Test(arguments: BackendKind.both)
    func theListenerStartsAtInitialisationAndDeliversPurchasesMadeElsewhere(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        let store = try await ExampleStore.launch(fixture.backend)
        try await fixture.session.buyProduct(identifier: IDs.lifetime)
        await eventually { store.lastDeliveredTransaction?.productID == IDs.lifetime }
        #expect(store.isPro)
        #expect(try await fixture.backend.unfinishedTransactions().isEmpty)
    }

    @Test(arguments: BackendKind.both)
    func theListenerIsCancelledWhenTheStoreGoesAway(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        var store: Store? = try await ExampleStore.launch(fixture.backend)
        let listener = try #require(store?.updatesListener)
        weak let gone = store
        store = nil
        #expect(gone == nil)
        await listener.value
        #expect(listener.isCancelled)
    }
}
