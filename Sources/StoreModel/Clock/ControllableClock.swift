/// A clock that can be moved forward on request: a ``VirtualClock`` in tests, an ``OffsetClock`` in a running
/// emulator whose "now" is the wall clock plus an offset that only grows.
///
/// ```swift
/// let clock: any ControllableClock = OffsetClock()
/// clock.advance(to: clock.now.adding(.seconds(30 * 86_400)))   // a month from now, at once
/// ```
public protocol ControllableClock: StoreClock {
    /// Moves the clock to `target` when it lies in the future; otherwise leaves it where it is.
    /// - Returns: The new current instant.
    @discardableResult
    func advance(to target: Timestamp) -> Timestamp
}

extension VirtualClock: ControllableClock {}
