import Foundation

/// How long one subscription period lasts under a ``TimeRate``: a calendar period in real time (a month is a
/// calendar month, not 30 days) or a fixed duration under accelerated rates.
public enum RenewalInterval: Hashable, Sendable {
    /// Real time: add the period on the calendar (``SubscriptionPeriod/advance(_:calendar:)``).
    case calendar(SubscriptionPeriod)
    /// Accelerated time: always this long.
    case fixed(Duration)

    /// Whether the interval follows the calendar (real time) rather than a fixed duration.
    public var isCalendarBased: Bool {
        if case .calendar = self { return true }
        return false
    }

    /// The fixed duration, `nil` when calendar-based.
    public var duration: Duration? {
        if case .fixed(let duration) = self { return duration }
        return nil
    }

    /// The fixed duration in whole milliseconds, `nil` when calendar-based.
    public var milliseconds: Int64? { duration.map(TimeRate.milliseconds(of:)) }

    /// The end of a period that starts at `start`.
    public func end(from start: Date, calendar: Calendar = SubscriptionPeriod.utcGregorian) -> Date {
        switch self {
        case .calendar(let period):
            return period.advance(start, calendar: calendar)
        case .fixed(let duration):
            return start.addingTimeInterval(Double(TimeRate.milliseconds(of: duration)) / 1000)
        }
    }

    /// The end of a period that starts at `start`, in Apple's millisecond timestamps, on the Gregorian calendar
    /// in UTC (``SubscriptionPeriod/utcGregorian``).
    public func end(from start: Timestamp) -> Timestamp {
        switch self {
        case .calendar(let period):
            return UTCCalendarArithmetic.advance(start, by: period)
        case .fixed(let duration):
            return start.adding(milliseconds: TimeRate.milliseconds(of: duration))
        }
    }
}
