/// Renewal intervals, grace periods and billing-retry durations per time rate.
///
/// Sources: Apple's table for rates 0 and 10–15 (reproduced in ``ScaledRow/table``), the fixed rates
/// 1000–1005 (interval N, grace N, retry 2N), and for the deprecated rates 1–6 real-time durations scaled so
/// that one day lasts the rate's seconds (a month counted as 30 days and a year as 365; Apple gives no table).
///
/// Periods the table has no column for, under rates 10–15 (inferred rule, Apple documents none):
/// - months and years are multiples of the monthly value (a year is 12 months), which reproduces every
///   monthly, 2-, 3-, 6-month and yearly column;
/// - weeks are multiples of the weekly column (`P2W` = 2 × `P1W`);
/// - days scale by the monthly factor: n days = n × monthly ÷ 30 (`P3D` at rate 13 = 3 × 10 s = 30 s).
///
/// Offer periods (`P3D`, `P2W`, …) use the same rule as subscription periods.
extension TimeRate {
    /// One row of Apple's table for the "monthly renewal every …" rates, in seconds.
    struct ScaledRow {
        var weekly: Int64
        var monthly: Int64
        var graceWeekly: Int64
        var graceOther: Int64
        var billingRetry: Int64

        static let table: [Int: ScaledRow] = [
            10: ScaledRow(weekly: 15 * 60, monthly: 3600, graceWeekly: 12 * 60 + 51, graceOther: 30 * 60, billingRetry: 7200),
            11: ScaledRow(weekly: 10 * 60, monthly: 1800, graceWeekly: 8 * 60 + 34, graceOther: 15 * 60, billingRetry: 3600),
            12: ScaledRow(weekly: 5 * 60, monthly: 900, graceWeekly: 4 * 60 + 17, graceOther: 7 * 60 + 30, billingRetry: 1800),
            13: ScaledRow(weekly: 3 * 60, monthly: 300, graceWeekly: 2 * 60 + 34, graceOther: 2 * 60 + 30, billingRetry: 600),
            15: ScaledRow(weekly: 10, monthly: 30, graceWeekly: 9, graceOther: 15, billingRetry: 60),
        ]

        /// Rate 13's row, the sandbox default.
        static let sandboxDefault = ScaledRow(
            weekly: 3 * 60, monthly: 300, graceWeekly: 2 * 60 + 34, graceOther: 2 * 60 + 30, billingRetry: 600)
    }

    /// This rate's row of the table (rate 13's for a rate outside the table).
    private var scaledRow: ScaledRow { ScaledRow.table[rawValue] ?? ScaledRow.sandboxDefault }

    /// How long one `period` lasts: calendar-based in real time, fixed otherwise.
    public func renewalInterval(for period: SubscriptionPeriod) -> RenewalInterval {
        let count = Int64(period.value)
        switch family {
        case .realTime:
            return .calendar(period)
        case .dayScaled(let secondsPerDay):
            return .fixed(.seconds(Int64(period.nominalDays) * secondsPerDay))
        case .fixedInterval(let interval):
            return .fixed(interval)
        case .monthlyScaled:
            let row = scaledRow
            switch period.unit {
            case .day: return .fixed(.milliseconds(count * row.monthly * 1000 / 30))
            case .week: return .fixed(.seconds(count * row.weekly))
            case .month: return .fixed(.seconds(count * row.monthly))
            case .year: return .fixed(.seconds(count * 12 * row.monthly))
            }
        }
    }

    /// The billing grace period for a subscription with `period`: the weekly value for periods shorter than a
    /// month, the other value otherwise (real time: 6 days or 16 days).
    public func gracePeriod(for period: SubscriptionPeriod) -> Duration {
        let short = period.isShorterThanAMonth
        switch family {
        case .realTime:
            return .seconds((short ? 6 : 16) * 86_400)
        case .dayScaled(let secondsPerDay):
            return .seconds((short ? 6 : 16) * secondsPerDay)
        case .fixedInterval(let interval):
            return interval
        case .monthlyScaled:
            return .seconds(short ? scaledRow.graceWeekly : scaledRow.graceOther)
        }
    }

    /// How long billing retry lasts before a subscription with a failing renewal expires (real time: 60 days).
    public var billingRetryDuration: Duration {
        switch family {
        case .realTime:
            return .seconds(60 * 86_400)
        case .dayScaled(let secondsPerDay):
            return .seconds(60 * secondsPerDay)
        case .fixedInterval(let interval):
            return interval * 2
        case .monthlyScaled:
            return .seconds(scaledRow.billingRetry)
        }
    }

    /// ``gracePeriod(for:)`` in whole milliseconds.
    public func gracePeriodMilliseconds(for period: SubscriptionPeriod) -> Int64 {
        Self.milliseconds(of: gracePeriod(for: period))
    }

    /// ``billingRetryDuration`` in whole milliseconds.
    public var billingRetryMilliseconds: Int64 { Self.milliseconds(of: billingRetryDuration) }

    /// A duration in whole milliseconds (truncated toward zero; clamped to `Int64`'s range).
    public static func milliseconds(of duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        if overflow { return seconds < 0 ? .min : .max }
        let (total, overflowSum) = whole.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
        if overflowSum { return seconds < 0 ? .min : .max }
        return total
    }
}
