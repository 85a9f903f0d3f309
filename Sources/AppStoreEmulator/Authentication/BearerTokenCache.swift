import Synchronization

/// Bearer tokens that passed every check, so a client reusing its token (as Apple's clients do for up to an hour)
/// pays for the ECDSA verification once.
///
/// Entries are keyed by the token's exact bytes: a token that differs in any byte (a tampered signature or claim)
/// misses and is validated in full. An entry is used only before the token's `exp` (never in the minute of skew
/// after it, which a full validation still allows), only while its API key is still registered, and only for an
/// app the emulator still serves. Replacing the keys empties the cache. At most ``capacity`` tokens are kept:
/// when full, expired entries go first, then all of them.
final class BearerTokenCache: Sendable {
    /// What a validated token grants.
    struct Entry: Sendable {
        var keyId: String
        var bundleId: String
        /// `exp`, seconds since 1970.
        var expiry: Double
    }

    struct State: Sendable {
        var keys: APIKeyRegistry
        /// How many times the keys were replaced: a token checked against older keys is not kept.
        var generation: UInt64 = 0
        var entries: [String: Entry] = [:]
        /// The token found or inserted last, with its entry: a client reusing its token (the common case) is
        /// recognised by comparing bytes, without hashing the whole token for the dictionary.
        var recent: (token: String, entry: Entry)?
    }

    /// The most tokens kept.
    let capacity: Int
    private let state: Mutex<State>

    init(keys: APIKeyRegistry, capacity: Int) {
        self.capacity = capacity
        state = Mutex(State(keys: keys))
    }

    /// The registered keys and their generation, to pass back to ``insert(token:entry:now:generation:)``.
    var keys: (registry: APIKeyRegistry, generation: UInt64) { state.withLock { ($0.keys, $0.generation) } }

    /// How many tokens are cached.
    var count: Int { state.withLock { $0.entries.count } }

    /// The bundle ID of a cached token still valid at `now` (seconds since 1970) for a served app, or `nil`.
    func bundleId(token: String, now: Double, servedBundleIds: Set<String>) -> String? {
        state.withLock { state in
            let entry: Entry
            if let recent = state.recent, recent.token == token {
                entry = recent.entry
            } else {
                guard let found = state.entries[token] else { return nil }
                entry = found
                state.recent = (token, found)
            }
            guard now < entry.expiry, state.keys.key(id: entry.keyId) != nil else {
                state.entries[token] = nil
                state.recent = nil
                return nil
            }
            return servedBundleIds.contains(entry.bundleId) ? entry.bundleId : nil
        }
    }

    /// Remembers a token that passed every check at `now` against the keys of `generation`, unless it expires by
    /// then or the keys were replaced since.
    func insert(token: String, entry: Entry, now: Double, generation: UInt64) {
        guard now < entry.expiry else { return }
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.entries.count >= capacity {
                state.entries = state.entries.filter { now < $0.value.expiry }
                if state.entries.count >= capacity { state.entries.removeAll(keepingCapacity: true) }
            }
            state.entries[token] = entry
            state.recent = (token, entry)
        }
    }

    /// Replaces the registered keys and forgets every cached token.
    func replaceKeys(with keys: APIKeyRegistry) {
        state.withLock { state in
            state.keys = keys
            state.generation &+= 1
            state.entries.removeAll()
            state.recent = nil
        }
    }
}
