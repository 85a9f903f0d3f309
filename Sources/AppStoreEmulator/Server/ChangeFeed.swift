/// A counter of changes to the store that waiters can sleep on: long-polling readers of the updates feed and the
/// due-event scheduler wake when something changed instead of polling.
///
/// ```swift
/// let seen = await changes.version
/// // … read the store …
/// _ = await changes.wait(after: seen, timeout: .seconds(25))   // returns early on the next change
/// ```
public actor ChangeFeed {
    /// How many changes were announced so far.
    public private(set) var version: UInt64 = 0
    private var waiters: [UInt64: CheckedContinuation<UInt64, Never>] = [:]
    private var nextWaiter: UInt64 = 0
    /// Whether the feed was closed: waits return at once, so long polls end when the server stops.
    public private(set) var isClosed = false

    /// Creates a feed at version 0.
    public init() {}

    /// Announces a change and wakes every waiter.
    public func announce() {
        version &+= 1
        let current = version
        let woken = waiters
        waiters = [:]
        for continuation in woken.values { continuation.resume(returning: current) }
    }

    /// How many waits are in progress (long polls and the scheduler).
    public var waiting: Int { waiters.count }

    /// Closes the feed for shutdown: wakes every waiter, and later waits return at once.
    public func close() {
        isClosed = true
        announce()
    }

    /// Waits until the version moves past `seen` or `timeout` passes, whichever comes first (at once when closed).
    /// - Returns: The version when it returned.
    @discardableResult
    public func wait(after seen: UInt64, timeout: Duration) async -> UInt64 {
        if version != seen || timeout <= .zero || isClosed { return version }
        let id = nextWaiter
        nextWaiter &+= 1
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            await self?.expire(id)
        }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // Cancelled before waiting (the cancellation handler has already run): do not wait for the timer.
                if Task.isCancelled || isClosed {
                    continuation.resume(returning: version)
                } else {
                    waiters[id] = continuation
                }
            }
        } onCancel: {
            Task { await self.expire(id) }
        }
        timer.cancel()
        return result
    }

    private func expire(_ id: UInt64) {
        waiters.removeValue(forKey: id)?.resume(returning: version)
    }
}
