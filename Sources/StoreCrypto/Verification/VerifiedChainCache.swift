import Synchronization
import StoreModel

/// A bounded, thread-safe cache of certificate chains that passed validation, keyed by the `x5c` strings.
///
/// An entry holds the leaf's public key, the root the chain led to, and the window in which every certificate of
/// the chain is valid (latest `notBefore` up to the earliest `notAfter`, in whole seconds, as OpenSSL compares). A lookup succeeds only when
/// the validation instant falls inside that window, so a cached chain is never accepted at an instant where a
/// fresh validation would have rejected it. When full, the least recently used entry is evicted.
final class VerifiedChainCache: Sendable {
    /// The cache key: the leaf and intermediate `x5c` entries exactly as they appear in the header.
    struct Key: Hashable, Sendable {
        let leaf: String
        let intermediate: String
    }

    /// What a validated chain yields.
    struct Entry: Sendable {
        let leafKey: P256PublicKey
        let root: Certificate
        /// Whole seconds since the epoch at which every certificate of the chain is valid.
        let validity: Range<Int64>
    }

    private struct State {
        var entries: [Key: (entry: Entry, lastUse: UInt64)] = [:]
        var clock: UInt64 = 0
    }

    /// The maximum number of entries; 0 disables caching.
    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The number of entries (for tests and metrics).
    var count: Int {
        state.withLock { $0.entries.count }
    }

    /// The entry for `key` if the chain is valid at `instant`.
    func entry(for key: Key, at instant: Timestamp) -> Entry? {
        guard capacity > 0 else { return nil }
        let seconds = instant.wholeSecondsFloor
        return state.withLock { state -> Entry? in
            guard let cached = state.entries[key], cached.entry.validity.contains(seconds) else { return nil }
            state.clock += 1
            state.entries[key] = (cached.entry, state.clock)
            return cached.entry
        }
    }

    /// Stores a validated chain, evicting the least recently used entry when full.
    func insert(_ entry: Entry, for key: Key) {
        guard capacity > 0 else { return }
        state.withLock { state in
            if state.entries[key] == nil, state.entries.count >= capacity,
                let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
            {
                state.entries.removeValue(forKey: oldest)
            }
            state.clock += 1
            state.entries[key] = (entry, state.clock)
        }
    }
}
