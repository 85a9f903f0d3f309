import Foundation
import StoreModel

/// An ISO 8601 duration as `advance` steps write it: `P1M`, `P3D`, `PT5M`, `P1Y2M10DT2H30M`, `PT1.5S`.
///
/// Years, months, weeks and days are calendar units, added on the Gregorian calendar in UTC like subscription
/// periods (month ends clamp: January 31 plus `P1M` is February 29 in 2024); hours, minutes and seconds are
/// fixed lengths, added after them.
public struct ScenarioDuration: Hashable, Sendable, CustomStringConvertible {
    /// Calendar years.
    public var years = 0
    /// Calendar months.
    public var months = 0
    /// Weeks (7 days each).
    public var weeks = 0
    /// Calendar days.
    public var days = 0
    /// The time part (hours, minutes and seconds), in whole milliseconds.
    public var milliseconds: Int64 = 0
    /// The text as written.
    public let text: String

    /// Parses an ISO 8601 duration; `nil` for anything else (`1M`, `P`, `PT`, `P1H`, `P-1D`).
    public init?(iso8601 text: String) {
        self.text = text
        var characters = Substring(text)
        guard characters.popFirst() == "P", !characters.isEmpty else { return nil }
        var inTime = false
        var sawComponent = false
        while !characters.isEmpty {
            if characters.first == "T" {
                guard !inTime else { return nil }
                inTime = true
                characters.removeFirst()
                guard !characters.isEmpty else { return nil }
                continue
            }
            let number = characters.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            characters.removeFirst(number.count)
            guard !number.isEmpty, let unit = characters.popFirst(), let value = Double(number), value <= 1_000_000
            else { return nil }
            let whole = Int(value)
            let isWhole = Double(whole) == value
            switch (inTime, unit) {
            case (false, "Y") where isWhole: years += whole
            case (false, "M") where isWhole: months += whole
            case (false, "W") where isWhole: weeks += whole
            case (false, "D") where isWhole: days += whole
            case (true, "H"): milliseconds += Int64((value * 3_600_000).rounded())
            case (true, "M"): milliseconds += Int64((value * 60_000).rounded())
            case (true, "S"): milliseconds += Int64((value * 1000).rounded())
            default: return nil
            }
            sawComponent = true
        }
        guard sawComponent else { return nil }
    }

    /// The text as written.
    public var description: String { text }

    /// Whether the duration is zero.
    public var isZero: Bool { years == 0 && months == 0 && weeks == 0 && days == 0 && milliseconds == 0 }

    /// `instant` moved forward by this duration.
    public func added(to instant: Timestamp) -> Timestamp {
        // Whole seconds go through the calendar; the millisecond remainder is carried over exactly.
        let seconds = instant.milliseconds >= 0 ? instant.milliseconds / 1000 : (instant.milliseconds - 999) / 1000
        let remainder = instant.milliseconds - seconds * 1000
        let start = Date(timeIntervalSince1970: TimeInterval(seconds))
        let components = DateComponents(year: years, month: months, day: days + 7 * weeks)
        let moved = SubscriptionPeriod.utcGregorian.date(byAdding: components, to: start) ?? start
        let movedSeconds = Int64(moved.timeIntervalSince1970.rounded())
        return Timestamp(milliseconds: movedSeconds * 1000 + remainder + milliseconds)
    }
}
