/// How fast subscription time runs in the test environment: `_timeRate`, the raw value of StoreKitTest's
/// `SKTestSession.TimeRate`. Unknown raw values are kept and behave like ``realTime``.
///
/// Three families (see ``Family``): real time; the deprecated "X is one day" rates 1–6, which scale every
/// duration; the "monthly renewal every …" rates 10–15, which follow Apple's table; and the "one renewal
/// every …" rates 1000–1005, where every period lasts the same fixed time. ``renewalInterval(for:)``,
/// ``gracePeriod(for:)`` and ``billingRetryDuration`` give the numbers.
public struct TimeRate: OpenEnumeration {
    /// The wire value.
    public let rawValue: Int
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// 0: real time; periods follow the calendar.
    public static let realTime = TimeRate(rawValue: 0)
    /// 1 (deprecated): one hour is one day.
    public static let oneHourIsOneDay = TimeRate(rawValue: 1)
    /// 2 (deprecated): thirty minutes is one day.
    public static let thirtyMinutesIsOneDay = TimeRate(rawValue: 2)
    /// 3 (deprecated): five minutes is one day.
    public static let fiveMinutesIsOneDay = TimeRate(rawValue: 3)
    /// 4 (deprecated, replaced by 11): one minute is one day.
    public static let oneMinuteIsOneDay = TimeRate(rawValue: 4)
    /// 5 (deprecated, replaced by 12): thirty seconds is one day.
    public static let thirtySecondsIsOneDay = TimeRate(rawValue: 5)
    /// 6 (deprecated, replaced by 15): one second is one day.
    public static let oneSecondIsOneDay = TimeRate(rawValue: 6)
    /// 10: a monthly subscription renews every hour.
    public static let monthlyRenewalEveryHour = TimeRate(rawValue: 10)
    /// 11: a monthly subscription renews every 30 minutes.
    public static let monthlyRenewalEveryThirtyMinutes = TimeRate(rawValue: 11)
    /// 12: a monthly subscription renews every 15 minutes.
    public static let monthlyRenewalEveryFifteenMinutes = TimeRate(rawValue: 12)
    /// 13: a monthly subscription renews every 5 minutes (the sandbox default).
    public static let monthlyRenewalEveryFiveMinutes = TimeRate(rawValue: 13)
    /// 15: a monthly subscription renews every 30 seconds.
    public static let monthlyRenewalEveryThirtySeconds = TimeRate(rawValue: 15)
    /// 1000: every period renews after 15 minutes.
    public static let oneRenewalEveryFifteenMinutes = TimeRate(rawValue: 1000)
    /// 1001: every period renews after 5 minutes.
    public static let oneRenewalEveryFiveMinutes = TimeRate(rawValue: 1001)
    /// 1002: every period renews after 1 minute.
    public static let oneRenewalEveryMinute = TimeRate(rawValue: 1002)
    /// 1003: every period renews after 30 seconds.
    public static let oneRenewalEveryThirtySeconds = TimeRate(rawValue: 1003)
    /// 1004: every period renews after 10 seconds.
    public static let oneRenewalEveryTenSeconds = TimeRate(rawValue: 1004)
    /// 1005: every period renews after 2 seconds.
    public static let oneRenewalEveryTwoSeconds = TimeRate(rawValue: 1005)

    /// Every rate in `SKTestSession.h`, by raw value (14 is unused).
    public static let knownValues: [TimeRate] = [
        .realTime, .oneHourIsOneDay, .thirtyMinutesIsOneDay, .fiveMinutesIsOneDay, .oneMinuteIsOneDay,
        .thirtySecondsIsOneDay, .oneSecondIsOneDay, .monthlyRenewalEveryHour, .monthlyRenewalEveryThirtyMinutes,
        .monthlyRenewalEveryFifteenMinutes, .monthlyRenewalEveryFiveMinutes, .monthlyRenewalEveryThirtySeconds,
        .oneRenewalEveryFifteenMinutes, .oneRenewalEveryFiveMinutes, .oneRenewalEveryMinute,
        .oneRenewalEveryThirtySeconds, .oneRenewalEveryTenSeconds, .oneRenewalEveryTwoSeconds,
    ]

    /// How a rate turns periods into durations.
    public enum Family: Hashable, Sendable {
        /// 0 and unknown values: calendar periods; grace 6 days (weekly) or 16 days; billing retry 60 days.
        case realTime
        /// 1–6: every duration of real time divided so that one day lasts `secondsPerDay` seconds.
        case dayScaled(secondsPerDay: Int64)
        /// 10–15: Apple's table of compressed durations, keyed by the monthly interval.
        case monthlyScaled
        /// 1000–1005: every period lasts `interval`; grace = interval; billing retry = 2 × interval.
        case fixedInterval(Duration)
    }

    /// The family of this rate.
    public var family: Family {
        switch rawValue {
        case 1: return .dayScaled(secondsPerDay: 3600)
        case 2: return .dayScaled(secondsPerDay: 1800)
        case 3: return .dayScaled(secondsPerDay: 300)
        case 4: return .dayScaled(secondsPerDay: 60)
        case 5: return .dayScaled(secondsPerDay: 30)
        case 6: return .dayScaled(secondsPerDay: 1)
        case 10, 11, 12, 13, 15: return .monthlyScaled
        case 1000: return .fixedInterval(.seconds(900))
        case 1001: return .fixedInterval(.seconds(300))
        case 1002: return .fixedInterval(.seconds(60))
        case 1003: return .fixedInterval(.seconds(30))
        case 1004: return .fixedInterval(.seconds(10))
        case 1005: return .fixedInterval(.seconds(2))
        default: return .realTime
        }
    }

    /// Whether Apple deprecated the rate (the "X is one day" rates 1–6).
    public var isDeprecated: Bool { (1...6).contains(rawValue) }

    /// The `SKTestSession.TimeRate` case name (`monthlyRenewalEveryThirtySeconds`), `nil` for unknown values.
    public var name: String? {
        let names: [Int: String] = [
            0: "realTime", 1: "oneHourIsOneDay", 2: "thirtyMinutesIsOneDay", 3: "fiveMinutesIsOneDay",
            4: "oneMinuteIsOneDay", 5: "thirtySecondsIsOneDay", 6: "oneSecondIsOneDay",
            10: "monthlyRenewalEveryHour", 11: "monthlyRenewalEveryThirtyMinutes",
            12: "monthlyRenewalEveryFifteenMinutes", 13: "monthlyRenewalEveryFiveMinutes",
            15: "monthlyRenewalEveryThirtySeconds", 1000: "oneRenewalEveryFifteenMinutes",
            1001: "oneRenewalEveryFiveMinutes", 1002: "oneRenewalEveryMinute", 1003: "oneRenewalEveryThirtySeconds",
            1004: "oneRenewalEveryTenSeconds", 1005: "oneRenewalEveryTwoSeconds",
        ]
        return names[rawValue]
    }
}
