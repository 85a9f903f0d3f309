extension Product.SubscriptionPeriod {
    /// A calendar unit of a subscription period.
    public enum Unit: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// Days.
        case day
        /// Weeks.
        case week
        /// Months.
        case month
        /// Years.
        case year

        /// The unit's name: `day`, `week`, `month`, `year`.
        public var description: String {
            switch self {
            case .day: "day"
            case .week: "week"
            case .month: "month"
            case .year: "year"
            }
        }
    }
}

extension Product {
    /// How long a subscription period or offer period lasts (`Product.SubscriptionPeriod`).
    public struct SubscriptionPeriod: Hashable, Sendable, CustomStringConvertible {
        /// How many units.
        public let value: Int
        /// The unit.
        public let unit: Unit

        /// Creates a period.
        public init(value: Int, unit: Unit) {
            self.value = value
            self.unit = unit
        }

        /// One week.
        public static let weekly = SubscriptionPeriod(value: 1, unit: .week)
        /// One month.
        public static let monthly = SubscriptionPeriod(value: 1, unit: .month)
        /// One year.
        public static let yearly = SubscriptionPeriod(value: 1, unit: .year)

        /// `1 month`, `2 weeks`.
        public var description: String { "\(value) \(unit)\(value == 1 ? "" : "s")" }
    }
}
