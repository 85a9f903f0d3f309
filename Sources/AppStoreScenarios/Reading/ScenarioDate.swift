import Foundation
import StoreModel

/// ISO 8601 instants in scenario files (`2024-03-01T12:00:00Z`, `2024-03-01T12:00:00.250+01:00`, or a date alone,
/// `2024-03-01`, meaning midnight UTC), and the UTC text timelines print.
enum ScenarioDate {
    static let expected = "an ISO 8601 date and time such as \"2024-03-01T12:00:00Z\" (or a date, \"2024-03-01\")"

    /// Reads an instant.
    static func read(_ node: ScenarioNode) throws(ScenarioError) -> Timestamp {
        let text = try node.string(expected: expected)
        guard let instant = parse(text) else { throw node.wrongType(expected: expected) }
        return instant
    }

    /// Parses an instant; `nil` for anything else.
    static func parse(_ text: String) -> Timestamp? {
        let formatter = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [
            [.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds], [.withFullDate],
        ] {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return Timestamp(milliseconds: Int64((date.timeIntervalSince1970 * 1000).rounded())) }
        }
        return nil
    }

    /// `2024-03-01 12:00:00` (UTC, with `.250` when the instant has milliseconds).
    static func text(_ instant: Timestamp) -> String {
        let parts = fields(instant)
        return "\(parts.date) \(parts.time)"
    }

    /// `2024-03-01T12:00:00Z` (with `.250` when the instant has milliseconds).
    static func iso8601(_ instant: Timestamp) -> String {
        let parts = fields(instant)
        return "\(parts.date)T\(parts.time)Z"
    }

    private static func fields(_ instant: Timestamp) -> (date: String, time: String) {
        let milliseconds = instant.milliseconds
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let fraction = milliseconds - seconds * 1000
        let components = SubscriptionPeriod.utcGregorian.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        func two(_ value: Int?) -> String { String(value ?? 0).leftPadded(to: 2) }
        let date = "\(String(components.year ?? 0).leftPadded(to: 4))-\(two(components.month))-\(two(components.day))"
        var time = "\(two(components.hour)):\(two(components.minute)):\(two(components.second))"
        if fraction != 0 { time += "." + String(fraction).leftPadded(to: 3) }
        return (date, time)
    }
}
