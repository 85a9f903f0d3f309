import Synchronization

/// A clock that stands still until told to move, for deterministic tests and time-travel scenarios.
///
/// It only moves forward: ``advance(to:)`` with an earlier instant leaves it where it is. It is a reference
/// type so the engine and a test can share it; every read and move is guarded by a mutex.
///
/// ```swift
/// let clock = VirtualClock(now: .referenceDate)
/// clock.advance(by: .seconds(86_400))
/// #expect(clock.now == Timestamp.referenceDate.adding(.seconds(86_400)))
/// ```
public final class VirtualClock: StoreClock {
    private let instant: Mutex<Timestamp>

    /// Creates a clock that reads `now` until moved (default ``Timestamp/referenceDate``).
    public init(now: Timestamp = .referenceDate) {
        instant = Mutex(now)
    }

    /// The instant the clock was last moved to.
    public var now: Timestamp { instant.withLock { $0 } }

    /// Moves the clock forward by `duration` (a negative duration does nothing).
    /// - Returns: The new current instant.
    @discardableResult
    public func advance(by duration: Duration) -> Timestamp {
        instant.withLock { current in
            let moved = current.adding(duration)
            if moved > current { current = moved }
            return current
        }
    }

    /// Moves the clock to `target` when it lies in the future; otherwise leaves it where it is.
    /// - Returns: The new current instant.
    @discardableResult
    public func advance(to target: Timestamp) -> Timestamp {
        instant.withLock { current in
            if target > current { current = target }
            return current
        }
    }
}
