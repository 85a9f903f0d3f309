import Foundation

/// The wall clock: `now` is the system's current time, truncated to whole milliseconds.
///
/// Under an accelerated `.storekit` time rate the clock still runs in real time; only subscription periods,
/// grace and billing retry get the rate's compressed durations (see ``TimeRate``).
public struct SystemClock: StoreClock {
    /// Creates the wall clock.
    public init() {}

    /// The system's current time.
    public var now: Timestamp { Timestamp(Date()) }
}
