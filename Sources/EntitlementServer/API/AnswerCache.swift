/// Rendered entitlement answers by account, reused while the account's version in the database is unchanged
/// and no expiry has passed. Every request still reads the version from the database, so an answer is never
/// older than the last committed write, whichever server made it; the cache only saves recomputing.
actor AnswerCache {
    struct Entry: Sendable {
        var version: Int64
        var validUntil: Int64?
        var body: [UInt8]
    }

    private var entries: [String: Entry] = [:]
    private let capacity: Int

    init(capacity: Int = 10_000) {
        self.capacity = capacity
    }

    /// The cached answer for `account` if it was computed at `version` and is still valid at `now`.
    func answer(for account: String, version: Int64, now: Int64) -> [UInt8]? {
        guard let entry = entries[account], entry.version == version else { return nil }
        if let validUntil = entry.validUntil, now >= validUntil { return nil }
        return entry.body
    }

    /// Remembers an answer (forgetting everything when full, which is cheap and rare).
    func store(_ entry: Entry, for account: String) {
        if entries.count >= capacity, entries[account] == nil { entries.removeAll(keepingCapacity: true) }
        entries[account] = entry
    }
}
