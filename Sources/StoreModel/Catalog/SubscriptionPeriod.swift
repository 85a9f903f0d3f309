import Foundation

/// A subscription or offer period as `.storekit` files write it: an ISO 8601 duration with one component,
/// `PnD`, `PnW`, `PnM` or `PnY` (`P3D`, `P1W`, `P2W`, `P1M`, `P2M`, `P3M`, `P6M`, `P1Y`).
///
/// Parsing accepts any count from 1 to 9999 and lowercase letters; ``iso8601`` always renders the canonical
/// uppercase form. How long a period lasts under an accelerated test clock is ``TimeRate``'s business.
public struct SubscriptionPeriod: Hashable, Sendable, CustomStringConvertible {
    /// The calendar unit of a period.
    public enum Unit: String, Hashable, Sendable, CaseIterable {
        /// `D`.
        case day = "D"
        /// `W`.
        case week = "W"
        /// `M`.
        case month = "M"
        /// `Y`.
        case year = "Y"

        /// Days in one unit when a fixed length is needed: 1, 7, 30, 365.
        public var nominalDays: Int {
            switch self {
            case .day: return 1
            case .week: return 7
            case .month: return 30
            case .year: return 365
            }
        }
    }

    /// How many units (at least 1).
    public var value: Int
    /// The unit.
    public var unit: Unit

    /// The largest count accepted when parsing.
    public static let maximumValue = 9999

    /// Creates a period; `value` is clamped to 1…``maximumValue``.
    public init(value: Int, unit: Unit) {
        self.value = min(max(value, 1), Self.maximumValue)
        self.unit = unit
    }

    /// Parses `PnD`, `PnW`, `PnM` or `PnY`; `nil` for anything else (`P1Q`, `P0M`, `P1Y2M`, `PT1H`, `1M`).
    public init?(iso8601 text: String) {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 3, scalars.first == "P" || scalars.first == "p",
            let last = scalars.last, let unit = Unit(rawValue: String(last).uppercased())
        else { return nil }
        let digits = scalars.dropFirst().dropLast()
        guard digits.count <= 4, digits.allSatisfy({ ("0"..."9").contains($0) }),
            let value = Int(String(String.UnicodeScalarView(digits))), value >= 1
        else { return nil }
        self.value = value
        self.unit = unit
    }

    /// The canonical text: `P\(value)\(unit)`.
    public var iso8601: String { "P\(value)\(unit.rawValue)" }

    /// The ISO 8601 text, as ``iso8601``.
    public var description: String { iso8601 }

    /// Whether the period is shorter than a month (days or weeks), which decides grace-period lengths.
    public var isShorterThanAMonth: Bool { unit == .day || unit == .week }

    /// The period as calendar components (weeks as 7 × n days), for adding it to a date in real time.
    public var dateComponents: DateComponents {
        switch unit {
        case .day: return DateComponents(day: value)
        case .week: return DateComponents(day: 7 * value)
        case .month: return DateComponents(month: value)
        case .year: return DateComponents(year: value)
        }
    }

    /// `date` moved forward by this period on `calendar` (month ends clamp: Jan 31 + P1M = Feb 28/29).
    /// The default calendar is Gregorian in UTC.
    public func advance(_ date: Date, calendar: Calendar = SubscriptionPeriod.utcGregorian) -> Date {
        calendar.date(byAdding: dateComponents, to: date)
            ?? date.addingTimeInterval(TimeInterval(nominalDays) * 86_400)
    }

    /// The length in days counting a month as 30 and a year as 365 days.
    public var nominalDays: Int { value * unit.nominalDays }

    /// The Gregorian calendar in UTC.
    public static let utcGregorian: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    /// `P3D`.
    public static let threeDays = SubscriptionPeriod(value: 3, unit: .day)
    /// `P1W`.
    public static let oneWeek = SubscriptionPeriod(value: 1, unit: .week)
    /// `P2W`.
    public static let twoWeeks = SubscriptionPeriod(value: 2, unit: .week)
    /// `P1M`.
    public static let oneMonth = SubscriptionPeriod(value: 1, unit: .month)
    /// `P2M`.
    public static let twoMonths = SubscriptionPeriod(value: 2, unit: .month)
    /// `P3M`.
    public static let threeMonths = SubscriptionPeriod(value: 3, unit: .month)
    /// `P6M`.
    public static let sixMonths = SubscriptionPeriod(value: 6, unit: .month)
    /// `P1Y`.
    public static let oneYear = SubscriptionPeriod(value: 1, unit: .year)
}

extension SubscriptionPeriod {
    /// Reads a period string at `key`, throwing the "not an ISO 8601 period" error for bad text.
    static func read(
        _ key: String, in object: JSONObjectReader
    ) throws(StoreKitConfigurationError) -> SubscriptionPeriod? {
        guard let node = object.child(key) else { return nil }
        let text = try node.string(expected: "an ISO 8601 period string such as \"P1M\"")
        guard let period = SubscriptionPeriod(iso8601: text) else {
            throw object.context.error(at: node.path, .invalidPeriod(text))
        }
        return period
    }

    /// Like ``read(_:in:)`` for a key that must be present.
    static func readRequired(
        _ key: String, in object: JSONObjectReader
    ) throws(StoreKitConfigurationError) -> SubscriptionPeriod {
        guard let period = try read(key, in: object) else {
            throw object.context.error(
                at: object.path.appending(key: key), .missing(expected: "an ISO 8601 period string such as \"P1M\""))
        }
        return period
    }
}
