import StoreModel
import StoreStorage

/// Time: due events (renewals, grace and retry ends, mass extensions) fire in time order, ties broken by the
/// order they were scheduled in, each persisted with its notifications.
extension AppStoreEngine {
    /// Moves a controllable clock (`VirtualClock`, `OffsetClock`) forward by `duration`, firing every due event on
    /// the way at its own instant.
    /// - Returns: How many due events fired.
    @discardableResult
    public func advance(by duration: Duration) async throws(AppStoreEngineError) -> Int {
        guard clock is any ControllableClock else { throw .clockNotControllable }
        return try await advance(to: clock.now.adding(duration))
    }

    /// Moves a controllable clock (`VirtualClock`, `OffsetClock`) forward to `date`, firing every due event on the
    /// way at its own instant.
    /// - Returns: How many due events fired.
    @discardableResult
    public func advance(to date: Timestamp) async throws(AppStoreEngineError) -> Int {
        guard let controllable = clock as? any ControllableClock else { throw .clockNotControllable }
        return try await exclusively { () async throws(AppStoreEngineError) -> Int in
            let fired = try await runDueEventsUnlocked(upTo: date)
            controllable.advance(to: date)
            return fired
        }
    }

    /// Fires every event due by the clock's current time: what a server's scheduler loop calls.
    /// - Returns: How many due events fired.
    @discardableResult
    public func runDueEvents() async throws(AppStoreEngineError) -> Int {
        try await exclusively { () async throws(AppStoreEngineError) -> Int in
            try await runDueEventsUnlocked(upTo: clock.now)
        }
    }

    /// When the next due event comes, if any: a scheduler sleeps until then.
    public func nextDueDate() async throws(AppStoreEngineError) -> Timestamp? {
        try await transaction { tables throws(AppStoreEngineError) in
            [try tables.earliestChainDueDate(), try tables.earliestTaskDueDate()].compactMap { $0 }.min()
        }
    }

    /// Fires what is due by the clock's time, unless the due hint shows nothing can be; the caller holds the gate.
    func catchUp() async throws(AppStoreEngineError) {
        let now = clock.now
        if let hint = dueHint, hint > now { return }
        try await runDueEventsUnlocked(upTo: now)
    }

    /// Fires due events up to `limit` in batches of one storage transaction each, then refreshes the due hint;
    /// the caller holds the gate.
    @discardableResult
    func runDueEventsUnlocked(upTo limit: Timestamp) async throws(AppStoreEngineError) -> Int {
        var total = 0
        let batch = configuration.dueEventBatchSize
        dueHint = nil
        while true {
            let environment = self.environment
            let (count, more, next) = try await transaction { tables throws(AppStoreEngineError) -> (Int, Bool, Timestamp?) in
                let scope = try OperationScope(tables: tables, environment: environment, now: limit)
                let (count, more) = try scope.processDueEvents(upTo: limit, maximum: batch)
                try scope.commit()
                let next = more ? nil : [try tables.earliestChainDueDate(), try tables.earliestTaskDueDate()].compactMap { $0 }.min()
                return (count, more, next)
            }
            total += count
            if !more {
                dueHint = next ?? .distantFuture
                return total
            }
        }
    }
}
