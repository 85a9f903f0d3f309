import StoreLocking

/// A thread-safe map with a fixed capacity that evicts the least recently used entry when full.
///
/// Eviction scans the entries (capacity is small, tens of entries), which keeps the structure a plain
/// dictionary under one lock (``Locked``).
final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct State {
        var entries: [Key: (value: Value, lastUse: UInt64)] = [:]
        var clock: UInt64 = 0
    }

    /// The maximum number of entries; 0 disables the cache.
    let capacity: Int
    private let state = Locked(State())

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The number of entries.
    var count: Int {
        state.withLock { $0.entries.count }
    }

    /// The value for `key` if present and accepted by `isUsable`, marking it as recently used.
    func value(for key: Key, where isUsable: (Value) -> Bool = { _ in true }) -> Value? {
        guard capacity > 0 else { return nil }
        return state.withLock { state -> Value? in
            guard let index = state.entries.index(forKey: key) else { return nil }
            let value = state.entries.values[index].value
            guard isUsable(value) else { return nil }
            state.clock += 1
            // Through the index: the key is hashed once per lookup.
            state.entries.values[index].lastUse = state.clock
            return value
        }
    }

    /// Stores a value, evicting the least recently used entry when full.
    func insert(_ value: Value, for key: Key) {
        guard capacity > 0 else { return }
        state.withLock { state in
            if state.entries[key] == nil, state.entries.count >= capacity,
                let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
            {
                state.entries.removeValue(forKey: oldest)
            }
            state.clock += 1
            state.entries[key] = (value, state.clock)
        }
    }
}
