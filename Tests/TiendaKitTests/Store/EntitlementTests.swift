import Foundation
import Observation
import Synchronization
import Testing
import TiendaKit

/// Seeds 002 and 003: access comes from verified current entitlements, through one capability map; the cache
/// is a convenience, never the authority.
@Suite(.hangGuard) @MainActor struct EntitlementTests {
    @Test(arguments: BackendKind.both)
    func productsMapToCapabilitiesInOnePlace(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        try await fixture.session.buyProduct(identifier: IDs.theme)
        try await fixture.session.buyProduct(identifier: IDs.weekly)
        let store = try await ExampleStore.launch(fixture.backend)
        #expect(store.capabilities == ["darkTheme", "plus"])
        #expect(!store.isPro)
        #expect(await store.purchase(productID: IDs.lifetime) == .purchased(productID: IDs.lifetime))
        #expect(store.capabilities == ["darkTheme", "plus", .pro])
        #expect(ExampleStore.capabilities.products(unlocking: .pro) == [IDs.monthly, IDs.yearly, IDs.lifetime])
    }

    @Test(arguments: BackendKind.both)
    func consumablesNeverCountAsEntitlements(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        let store = try await ExampleStore.launch(fixture.backend)
        #expect(await store.purchase(productID: IDs.coins) == .purchased(productID: IDs.coins))
        #expect(store.ownedProductIDs.isEmpty)
        #expect(store.capabilities.isEmpty)
        #expect(store.balance == 100)
    }

    @Test(arguments: BackendKind.both)
    func aRefundRevokesAccessAsSoonAsItArrives(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        let store = try await ExampleStore.launch(fixture.backend)
        #expect(await store.purchase(productID: IDs.lifetime) == .purchased(productID: IDs.lifetime))
        let owned = try #require(try await fixture.session.allTransactions().first)
        try await fixture.session.refundTransaction(identifier: try #require(UInt64(owned.identifier)))
        await eventually { !store.isPro }
        #expect(store.ownedProductIDs.isEmpty)
    }

    @Test(arguments: BackendKind.both)
    func unverifiedTransactionsNeverGrantAccess(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        try await fixture.session.buyProduct(identifier: IDs.lifetime)
        let foreign = InterposedBackend(base: fixture.backend) { $0.deviceVerificationID = UUID() }
        let store = try await ExampleStore.launch(foreign)
        #expect(!store.isPro)
        #expect(store.ownedProductIDs.isEmpty)
        #expect(await store.purchase(productID: IDs.theme) == .failed)
        #expect(store.lastError?.kind == .unverifiedTransaction)
        #expect(!store.has("darkTheme"))
    }

    @Test(arguments: BackendKind.both)
    func theCachedProStateShowsAtLaunchBeforeTheStoreAnswers(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        try await fixture.session.buyProduct(identifier: IDs.lifetime)
        let storage = InMemoryKeyValueStore()
        EntitlementCache(storage: storage).save([.pro])
        let store = try await TiendaKit.withBackend(fixture.backend) {
            try Store(configuration: ExampleStore.configuration(), cache: EntitlementCache(storage: storage))
        }
        #expect(store.isPro)
        #expect(!store.isReconciled)
        await store.waitUntilLaunched()
        #expect(store.isPro)
        #expect(store.isReconciled)
    }

    @Test(arguments: BackendKind.both)
    func theCacheIsReconciledAgainstCurrentEntitlementsAndNeverTheAuthority(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        let storage = InMemoryKeyValueStore()
        let cache = EntitlementCache(storage: storage)
        cache.save([.pro])
        let store = try await ExampleStore.launch(fixture.backend, cache: cache)
        #expect(!store.isPro)
        #expect(cache.load().isEmpty)
        #expect(await store.purchase(productID: IDs.monthly) == .purchased(productID: IDs.monthly))
        #expect(cache.load() == [.pro])
    }

    @Test(arguments: BackendKind.both)
    func whenPurchasesCannotBeCheckedTheLastKnownAccessStaysAndTheFailureIsShown(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        let offline = InterposedBackend(base: fixture.backend, entitlementsFail: true)
        let cache = EntitlementCache(storage: InMemoryKeyValueStore())
        cache.save([.pro])
        let store = try await ExampleStore.launch(offline, cache: cache)
        #expect(store.isPro)
        #expect(!store.isReconciled)
        #expect(store.lastError?.kind == .entitlementsUnavailable)
        offline.setEntitlementsFail(false)
        await store.refreshEntitlements()
        #expect(!store.isPro)
        #expect(store.isReconciled)
    }

    @Test(arguments: BackendKind.both)
    func customersFromBeforeThePaidVersionKeepPro(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore(appVersion: "5")
        try await fixture.session.setOriginalAppVersion("2")
        let store = try await ExampleStore.launch(fixture.backend)
        #expect(store.hasLegacyAccess)
        #expect(store.isPro)
        #expect(store.ownedProductIDs.isEmpty)
    }

    @Test(arguments: BackendKind.both)
    func customersFromThePaidVersionOnDoNotGetLegacyPro(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore(appVersion: "5")
        try await fixture.session.setOriginalAppVersion("3")
        let store = try await ExampleStore.launch(fixture.backend)
        #expect(!store.hasLegacyAccess)
        #expect(!store.isPro)
    }

    @Test(arguments: BackendKind.both)
    func theInterfaceIsToldWhenProChanges(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        let store = try await ExampleStore.launch(fixture.backend)
        let changed = Mutex(false)
        withObservationTracking { _ = store.isPro } onChange: { changed.withLock { $0 = true } }
        try await fixture.session.buyProduct(identifier: IDs.yearly)
        await eventually { store.isPro }
        #expect(changed.withLock { $0 })
    }
}
