import Foundation
import Observation
import Synchronization
import Testing
import TiendaKit

/// Seed 002's `StoreService` (concrete `@Observable`, `UserDefaults` cache, listener cancelled in `deinit`,
/// `lastErrorMessage`), compiled against TiendaKit and exercised.
@Suite(.hangGuard) @MainActor struct StoreServiceSeedTests {
    /// Fresh, private defaults.
    private func makeDefaults() throws -> UserDefaults {
        try #require(UserDefaults(suiteName: "tienda.tests.\(UUID().uuidString)"))
    }

    @Test(arguments: BackendKind.both)
    func storeServiceShowsTheCachedProStateAtOnceThenReconciles(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeSeedStore()
        let defaults = try makeDefaults()
        defaults.set(true, forKey: StoreService.isProKey)
        await fixture.launch {
            let service = StoreService(defaults: defaults)
            #expect(service.isPro)
            await service.refreshEntitlements()
            #expect(!service.isPro)
            #expect(!defaults.bool(forKey: StoreService.isProKey))
        }
    }

    @Test(arguments: BackendKind.both)
    func storeServicePurchaseUnlocksProAndCachesIt(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeSeedStore()
        let defaults = try makeDefaults()
        await fixture.launch {
            let service = StoreService(defaults: defaults)
            await service.loadProducts()
            await service.purchase()
            #expect(service.isPro)
            #expect(defaults.bool(forKey: StoreService.isProKey))
            #expect(service.lastErrorMessage == nil)
            #expect(!service.isProcessing)
        }
    }

    @Test(arguments: BackendKind.both)
    func storeServiceSetsTheErrorOnTheEarlyReturnPathAndObserversHearIt(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeSeedStore()
        let defaults = try makeDefaults()
        await fixture.launch {
            let model = AppModel(store: StoreService(defaults: defaults))
            let heard = Mutex(false)
            withObservationTracking { _ = model.store.lastErrorMessage } onChange: { heard.withLock { $0 = true } }
            await model.store.purchase()
            #expect(model.store.lastErrorMessage == "The Pro upgrade isn't available yet.")
            #expect(heard.withLock { $0 })
        }
    }

    @Test(arguments: BackendKind.both)
    func storeServiceListenerUnlocksProBoughtElsewhere(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeSeedStore()
        let defaults = try makeDefaults()
        try await fixture.launch {
            let model = AppModel(store: StoreService(defaults: defaults))
            try await fixture.session.buyProduct(identifier: SeedIDs.discovererPro)
            await eventually { model.store.isPro }
        }
    }

    @Test(arguments: BackendKind.both)
    func storeServiceListenerEndsWhenTheServiceGoesAway(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeSeedStore()
        let defaults = try makeDefaults()
        try await fixture.launch {
            var service: StoreService? = StoreService(defaults: defaults)
            let listener = try #require(service?.listener)
            service = nil
            await listener.value
            #expect(listener.isCancelled)
        }
    }
}
