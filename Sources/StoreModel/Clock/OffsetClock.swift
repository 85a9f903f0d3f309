import Synchronization

/// The wall clock moved forward by an offset: it runs in real time, and ``advance(to:)`` jumps it ahead by
/// growing the offset (it never moves back).
///
/// A running emulator uses it so that subscriptions renew on real (or time-rate compressed) time while a tester
/// can still skip a month at once. The offset is a plain number of milliseconds, so the owner can persist it
/// and restore it with ``init(offsetMilliseconds:base:)`` after a restart.
///
/// ```swift
/// let clock = OffsetClock(offsetMilliseconds: savedOffset)
/// clock.advance(to: clock.now.adding(.seconds(86_400)))
/// save(clock.offsetMilliseconds)
/// ```
public final class OffsetClock: ControllableClock {
    private let base: any StoreClock
    private let offset: Mutex<Int64>

    /// Creates a clock `offsetMilliseconds` ahead of `base` (the system clock by default).
    public init(offsetMilliseconds: Int64 = 0, base: any StoreClock = SystemClock()) {
        self.base = base
        self.offset = Mutex(max(0, offsetMilliseconds))
    }

    /// The base clock's time plus the offset.
    public var now: Timestamp {
        let offset = offset.withLock { $0 }
        return base.now.adding(milliseconds: offset)
    }

    /// How far ahead of the base clock this clock runs, in milliseconds.
    public var offsetMilliseconds: Int64 { offset.withLock { $0 } }

    /// Grows the offset so that `now` reads `target`, when `target` lies in the future.
    /// - Returns: The new current instant.
    @discardableResult
    public func advance(to target: Timestamp) -> Timestamp {
        let baseNow = base.now
        return offset.withLock { offset in
            let needed = target.milliseconds - baseNow.milliseconds
            if needed > offset { offset = needed }
            return baseNow.adding(milliseconds: offset)
        }
    }
}
