import Synchronization

/// Rendered entitlement answers by account, so a lookup costs a dictionary read instead of three queries.
///
/// An answer is dropped the moment this server commits a write that can change it (read-your-writes), when an
/// expiry it depends on passes (`validUntil`), and when ``refresh(changes:)`` sees the account's version moved
/// in the database — a write by another server sharing the database, picked up within one poll (100 ms in
/// `EntitlementServerProcess`). The cache is derived state: losing it loses nothing.
final class AnswerCache: Sendable {
    struct Entry: Sendable {
        var version: Int64
        var validUntil: Int64?
        var body: [UInt8]
    }

    private struct State {
        var entries: [String: Entry] = [:]
        /// Per account, how many times it was invalidated: an answer computed across an invalidation is not stored.
        var invalidations: [String: Int] = [:]
    }

    private let state = Mutex(State())
    private let capacity: Int

    init(capacity: Int = 100_000) {
        self.capacity = capacity
    }

    /// The cached answer for `account`, if it is still valid at `now`.
    func answer(for account: String, now: Int64) -> [UInt8]? {
        state.withLock { state in
            guard let entry = state.entries[account] else { return nil }
            if let validUntil = entry.validUntil, now >= validUntil { return nil }
            return entry.body
        }
    }

    /// A ticket to present when storing an answer computed from now on.
    func ticket(for account: String) -> Int {
        state.withLock { $0.invalidations[account] ?? 0 }
    }

    /// Remembers an answer unless the account was invalidated since `ticket` was taken.
    func store(_ entry: Entry, for account: String, ticket: Int) {
        state.withLock { state in
            guard (state.invalidations[account] ?? 0) == ticket else { return }
            if state.entries.count >= capacity, state.entries[account] == nil { state.entries.removeAll(keepingCapacity: true) }
            state.entries[account] = entry
        }
    }

    /// Drops the answers of `accounts`.
    func invalidate(_ accounts: some Sequence<String>) {
        state.withLock { state in
            for account in accounts {
                state.entries[account] = nil
                state.invalidations[account, default: 0] += 1
            }
        }
    }

    /// Drops every answer whose account has another version in the database.
    func refresh(changes: [(account: String, version: Int64)]) {
        let stale = state.withLock { state in
            changes.filter { change in state.entries[change.account].map { $0.version != change.version } ?? false }.map(\.account)
        }
        if !stale.isEmpty { invalidate(stale) }
    }
}
