/// Where the store reads the current time. Injected everywhere time matters, so tests run on a
/// ``VirtualClock`` that moves only when told, and servers on the ``SystemClock``.
///
/// ```swift
/// let clock = VirtualClock(now: Timestamp(milliseconds: 1_700_000_000_000))
/// clock.advance(by: .seconds(3600))
/// print(clock.now)  // one hour later
/// ```
public protocol StoreClock: Sendable {
    /// The current instant.
    var now: Timestamp { get }
}
