import Foundation
import TiendaKit

/// The entitlement layer configured for `Examples/Tienda.storekit`.
enum ExampleStore {
    /// Capabilities of the example catalog, in one place.
    static let capabilities = CapabilityMap([
        IDs.monthly: [.pro], IDs.yearly: [.pro], IDs.lifetime: [.pro], IDs.weekly: ["plus"],
        IDs.theme: ["darkTheme"], IDs.seasonPass: ["seasonPass"],
    ])

    /// The configuration: every product, coins for the consumables, the Pro group, Pro kept by customers from
    /// before version 3, and no pause between catalog retries.
    static func configuration(
        productIDs: [String] = IDs.all, appAccountToken: UUID? = nil
    ) -> StoreConfiguration {
        StoreConfiguration(
            productIDs: productIDs, capabilities: capabilities,
            consumableAmounts: [IDs.coins: 100, IDs.coinChest: 1000], subscriptionGroupID: IDs.group,
            legacyAccess: LegacyAccessRule(paidSinceVersion: 3), catalogRetryDelay: .zero,
            appAccountToken: { appAccountToken })
    }

    /// A launched store for `backend` with an in-memory ledger (unless given) and cache.
    @MainActor
    static func launch(
        _ backend: any StoreBackend, configuration: StoreConfiguration = configuration(),
        ledger: ConsumableLedger? = nil, cache: EntitlementCache? = nil
    ) async throws -> Store {
        var ledger = ledger
        if ledger == nil { ledger = try await ConsumableLedger.inMemory() }
        let cache = cache ?? EntitlementCache(storage: InMemoryKeyValueStore())
        let store = try await TiendaKit.withBackend(backend) {
            try Store(configuration: configuration, ledger: ledger, cache: cache)
        }
        await store.waitUntilLaunched()
        return store
    }
}
