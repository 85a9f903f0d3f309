import Foundation

/// The capabilities last confirmed by the store, kept so the interface shows the right state the instant the
/// app launches (seed 002). A convenience, never the authority: the ``Store`` always reconciles it against
/// `Transaction.currentEntitlements` and overwrites it.
public struct EntitlementCache {
    /// Where the cache lives.
    public let storage: any KeyValueStore
    /// The key it is stored under.
    public let key: String

    /// Creates a cache in `storage` under `key`.
    public init(storage: any KeyValueStore, key: String = "tienda.entitlements.capabilities") {
        self.storage = storage
        self.key = key
    }

    /// The cached capabilities (none when nothing was cached or the value is unreadable).
    public func load() -> Set<Capability> {
        guard let data = storage.data(forKey: key),
            let names = try? JSONDecoder().decode([String].self, from: data)
        else { return [] }
        return Set(names.map(Capability.init(rawValue:)))
    }

    /// Replaces the cached capabilities.
    public func save(_ capabilities: Set<Capability>) {
        let names = capabilities.map(\.rawValue).sorted()
        storage.setData(try? JSONEncoder().encode(names), forKey: key)
    }
}
