import Foundation
import Testing
import TiendaKit

/// Seed 001, "Cargar el catálogo".
@Suite(.hangGuard) @MainActor struct CatalogLoadingTests {
    @Test(arguments: BackendKind.both)
    func productsAreShownCheapestFirstWithThePricesTheStoreGives(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        let store = try await ExampleStore.launch(fixture.backend)
        #expect(store.catalogState == .loaded)
        #expect(store.products.count == IDs.all.count)
        #expect(store.products.map(\.price) == store.products.map(\.price).sorted())
        #expect(store.product(IDs.lifetime)?.displayPrice == "$49.99")
        #expect(store.lastError == nil)
    }

    @Test(arguments: BackendKind.both)
    func requestedProductsTheStoreDoesNotKnowAreReported(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        let configuration = ExampleStore.configuration(productIDs: [IDs.monthly, "com.tienda.example.pro.mothly", IDs.coins])
        let store = try await ExampleStore.launch(fixture.backend, configuration: configuration)
        #expect(store.products.map(\.id).sorted() == [IDs.coins, IDs.monthly])
        #expect(store.missingProductIDs == ["com.tienda.example.pro.mothly"])
        #expect(store.catalogState == .loaded)
    }

    @Test(arguments: BackendKind.both)
    func aTemporaryCatalogFailureIsRetriedAndNotReported(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        let flaky = InterposedBackend(base: fixture.backend, failingProductLoads: 2)
        let store = try await ExampleStore.launch(flaky)
        #expect(store.catalogState == .loaded)
        #expect(store.products.count == IDs.all.count)
        #expect(store.lastError == nil)
    }

    @Test(arguments: BackendKind.both)
    func aLastingOutageShowsANeutralMessageAndAnEmptyCatalog(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        try await fixture.session.setSimulatedError(.generic(.networkError), forAPI: .loadProducts)
        let store = try await ExampleStore.launch(fixture.backend)
        #expect(store.catalogState == .unavailable)
        #expect(store.products.isEmpty)
        #expect(store.lastError?.kind == .storeUnavailable)
        #expect(store.lastError?.text == "The store isn't available right now. Please try again later.")
        try await fixture.session.setSimulatedError(nil, forAPI: .loadProducts)
        await store.loadProducts()
        #expect(store.catalogState == .loaded)
    }
}
