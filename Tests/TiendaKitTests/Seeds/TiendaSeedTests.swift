import Foundation
import Testing
import TiendaKit

/// Seed 001's `Tienda`, `comprar(_:)` and `escucharTransacciones()`, compiled against TiendaKit and exercised.
///
/// Serialized: launches that are the process's default run one at a time, and each test's time limit should
/// measure the test, not its wait for the others.
@Suite(.serialized, .hangGuard) @MainActor struct TiendaSeedTests {
    @Test(arguments: BackendKind.both)
    func tiendaShowsTheStoresPricesCheapestFirst(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeSeedStore()
        await fixture.launch {
            let tienda = Tienda()
            await tienda.cargar()
            #expect(tienda.productos.map(\.id) == [SeedIDs.creditos, SeedIDs.proMensual, SeedIDs.proAnual])
            #expect(tienda.productos.map(\.displayPrice) == ["$0.99", "$3.99", "$29.99"])
        }
    }

    @Test(arguments: BackendKind.both)
    func tiendaTreatsAStoreOutageAsAnEmptyCatalogNotAUserError(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeSeedStore()
        try await fixture.session.setSimulatedError(.generic(.networkError), forAPI: .loadProducts)
        await fixture.launch {
            let tienda = Tienda()
            await tienda.cargar()
            #expect(tienda.productos.isEmpty)
        }
    }

    @Test(arguments: BackendKind.both)
    func tiendaPurchaseHasThreeOutcomes(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeSeedStore()
        try await fixture.launch {
            let tienda = Tienda()
            await tienda.cargar()
            let anual = try #require(tienda.productos.last)
            #expect(try await tienda.comprar(anual) == .exito)
            fixture.backend.dialogs.purchaseResponse = .cancel
            #expect(try await tienda.comprar(anual) == .cancelada)
            fixture.backend.dialogs.purchaseResponse = .confirm
            try await fixture.session.setAskToBuyEnabled(true)
            let creditos = try #require(tienda.productos.first)
            #expect(try await tienda.comprar(creditos) == .pendiente)
        }
    }

    @Test(arguments: BackendKind.both)
    func tiendaDeliversTheValueBeforeFinishing(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeSeedStore()
        try await fixture.launch {
            let tienda = Tienda()
            await tienda.cargar()
            #expect(try await tienda.comprar(try #require(tienda.productos.first)) == .exito)
            let id = try #require(tienda.acreditadas.first)
            #expect(tienda.diario == ["acreditar \(id)", "finish \(id)"])
            #expect(tienda.creditos == 100)
            #expect(try await fixture.backend.unfinishedTransactions().isEmpty)
        }
    }

    @Test(arguments: BackendKind.both)
    func tiendaSendsTheAnonymousAccountTokenWithThePurchase(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeSeedStore()
        try await fixture.launch {
            let tienda = Tienda()
            await tienda.cargar()
            #expect(try await tienda.comprar(try #require(tienda.productos.last)) == .exito)
            let owned = try #require(await Transaction.currentEntitlement(for: SeedIDs.proAnual)).payloadValue
            #expect(owned.appAccountToken == tienda.identificadorAnonimoDeCuenta)
        }
    }

    @Test(arguments: BackendKind.both)
    func tiendaListenerCreditsWhatArrivesOnItsOwnOncePerTransaction(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeSeedStore()
        let doubling = InterposedBackend(base: fixture.backend, duplicatesUpdates: true)
        try await TiendaKit.withDefaultBackend(doubling) {
            let tienda = Tienda()
            tienda.arrancar()
            await tienda.cargar()
            try await fixture.session.setAskToBuyEnabled(true)
            #expect(try await tienda.comprar(try #require(tienda.productos.first)) == .pendiente)
            let request = try #require(try await fixture.session.allTransactions().first { $0.pendingAskToBuyConfirmation })
            try await fixture.session.approveAskToBuyTransaction(identifier: request.identifier)
            await eventually { tienda.diario.filter { $0.hasPrefix("finish") }.count == 2 }
            #expect(tienda.creditos == 100)
            #expect(tienda.acreditadas.count == 1)
        }
    }

    @Test(arguments: BackendKind.both)
    func tiendaListenerDeliversUnfinishedPurchasesAtTheNextLaunch(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeSeedStore()
        try await fixture.launch {
            let creditos = try #require(try await Product.products(for: [SeedIDs.creditos]).first)
            _ = try await creditos.purchase()
        }
        await fixture.launchAsProcessDefault {
            let tienda = Tienda()
            tienda.arrancar()
            // Credited first, finished after: wait for the finish, not for the credit.
            await eventually { tienda.diario.contains { $0.hasPrefix("finish") } }
            #expect(tienda.creditos == 100)
        }
        #expect(try await fixture.backend.unfinishedTransactions().isEmpty)
    }
}
