import Foundation
import StoreModel
import Testing

/// The renewal, grace and billing-retry durations of every time rate, against the reference's §3.2 table.
@Suite struct TimeRateTests {
    /// One row of §3.2, in seconds.
    struct ScaledRow: CustomTestStringConvertible, Sendable {
        var rate: Int
        var weekly: Int64, monthly: Int64, twoMonths: Int64, threeMonths: Int64, sixMonths: Int64, yearly: Int64
        var graceWeekly: Int64, graceOther: Int64, billingRetry: Int64
        var testDescription: String { "rate \(rate)" }
    }

    static let scaledRows: [ScaledRow] = [
        ScaledRow(rate: 10, weekly: 15 * 60, monthly: 3600, twoMonths: 2 * 3600, threeMonths: 3 * 3600,
                  sixMonths: 6 * 3600, yearly: 12 * 3600, graceWeekly: 12 * 60 + 51, graceOther: 30 * 60, billingRetry: 2 * 3600),
        ScaledRow(rate: 11, weekly: 10 * 60, monthly: 30 * 60, twoMonths: 3600, threeMonths: 3600 + 30 * 60,
                  sixMonths: 3 * 3600, yearly: 6 * 3600, graceWeekly: 8 * 60 + 34, graceOther: 15 * 60, billingRetry: 3600),
        ScaledRow(rate: 12, weekly: 5 * 60, monthly: 15 * 60, twoMonths: 30 * 60, threeMonths: 45 * 60,
                  sixMonths: 3600 + 30 * 60, yearly: 3 * 3600, graceWeekly: 4 * 60 + 17, graceOther: 7 * 60 + 30, billingRetry: 30 * 60),
        ScaledRow(rate: 13, weekly: 3 * 60, monthly: 5 * 60, twoMonths: 10 * 60, threeMonths: 15 * 60,
                  sixMonths: 30 * 60, yearly: 3600, graceWeekly: 2 * 60 + 34, graceOther: 2 * 60 + 30, billingRetry: 10 * 60),
        ScaledRow(rate: 15, weekly: 10, monthly: 30, twoMonths: 60, threeMonths: 90,
                  sixMonths: 3 * 60, yearly: 6 * 60, graceWeekly: 9, graceOther: 15, billingRetry: 60),
    ]

    @Test(arguments: scaledRows)
    func monthlyScaledRatesMatchApplesTable(_ row: ScaledRow) {
        let rate = TimeRate(rawValue: row.rate)
        #expect(rate.isKnown)
        #expect(rate.family == .monthlyScaled)
        let expected: [(SubscriptionPeriod, Int64)] = [
            (.oneWeek, row.weekly), (.oneMonth, row.monthly), (.twoMonths, row.twoMonths),
            (.threeMonths, row.threeMonths), (.sixMonths, row.sixMonths), (.oneYear, row.yearly),
        ]
        for (period, seconds) in expected {
            #expect(rate.renewalInterval(for: period) == .fixed(.seconds(seconds)), "\(period)")
            #expect(rate.renewalInterval(for: period).milliseconds == seconds * 1000, "\(period)")
        }
        #expect(rate.gracePeriod(for: .oneWeek) == .seconds(row.graceWeekly))
        for period in [SubscriptionPeriod.oneMonth, .twoMonths, .threeMonths, .sixMonths, .oneYear] {
            #expect(rate.gracePeriod(for: period) == .seconds(row.graceOther), "\(period)")
        }
        #expect(rate.billingRetryDuration == .seconds(row.billingRetry))
        #expect(rate.billingRetryMilliseconds == row.billingRetry * 1000)
    }

    @Test func realTimeUsesTheCalendarAndDayLongGraceAndRetry() {
        let rate = TimeRate.realTime
        for period in [SubscriptionPeriod.threeDays, .oneWeek, .oneMonth, .twoMonths, .threeMonths, .sixMonths, .oneYear] {
            let interval = rate.renewalInterval(for: period)
            #expect(interval == .calendar(period))
            #expect(interval.isCalendarBased)
            #expect(interval.duration == nil && interval.milliseconds == nil)
        }
        #expect(rate.gracePeriod(for: .oneWeek) == .seconds(6 * 86_400))
        #expect(rate.gracePeriod(for: .oneMonth) == .seconds(16 * 86_400))
        #expect(rate.gracePeriod(for: .oneYear) == .seconds(16 * 86_400))
        #expect(rate.gracePeriodMilliseconds(for: .oneWeek) == 518_400_000)
        #expect(rate.billingRetryDuration == .seconds(60 * 86_400))

        let januaryThirtyFirst = Date(timeIntervalSince1970: 1_706_659_200)  // 2024-01-31T00:00:00Z
        let end = rate.renewalInterval(for: .oneMonth).end(from: januaryThirtyFirst)
        #expect(end == Date(timeIntervalSince1970: 1_709_164_800))  // 2024-02-29T00:00:00Z, clamped to the month's end
        let yearEnd = rate.renewalInterval(for: .oneYear).end(from: Timestamp(milliseconds: 1_706_659_200_000))
        #expect(yearEnd == Timestamp(milliseconds: 1_738_281_600_000))  // 2025-01-31
    }

    @Test(arguments: [(1000, 900), (1001, 300), (1002, 60), (1003, 30), (1004, 10), (1005, 2)] as [(Int, Int64)])
    func fixedRatesRenewEveryPeriodAfterTheSameInterval(rawValue: Int, seconds: Int64) {
        let rate = TimeRate(rawValue: rawValue)
        #expect(rate.family == .fixedInterval(.seconds(seconds)))
        for period in [SubscriptionPeriod.threeDays, .oneWeek, .twoWeeks, .oneMonth, .sixMonths, .oneYear] {
            #expect(rate.renewalInterval(for: period) == .fixed(.seconds(seconds)), "\(period)")
            #expect(rate.gracePeriod(for: period) == .seconds(seconds), "\(period)")
        }
        #expect(rate.billingRetryDuration == .seconds(2 * seconds))
        let start = Timestamp(milliseconds: 1_700_000_000_000)
        #expect(rate.renewalInterval(for: .oneYear).end(from: start) == start.adding(milliseconds: seconds * 1000))
    }

    @Test(arguments: [(1, 3600), (2, 1800), (3, 300), (4, 60), (5, 30), (6, 1)] as [(Int, Int64)])
    func legacyRatesScaleRealDurationsByTheirDayLength(rawValue: Int, secondsPerDay: Int64) {
        let rate = TimeRate(rawValue: rawValue)
        #expect(rate.isDeprecated)
        #expect(rate.family == .dayScaled(secondsPerDay: secondsPerDay))
        #expect(rate.renewalInterval(for: .threeDays) == .fixed(.seconds(3 * secondsPerDay)))
        #expect(rate.renewalInterval(for: .oneWeek) == .fixed(.seconds(7 * secondsPerDay)))
        #expect(rate.renewalInterval(for: .oneMonth) == .fixed(.seconds(30 * secondsPerDay)))
        #expect(rate.renewalInterval(for: .oneYear) == .fixed(.seconds(365 * secondsPerDay)))
        #expect(rate.gracePeriod(for: .oneWeek) == .seconds(6 * secondsPerDay))
        #expect(rate.gracePeriod(for: .oneMonth) == .seconds(16 * secondsPerDay))
        #expect(rate.billingRetryDuration == .seconds(60 * secondsPerDay))
    }

    @Test func offerPeriodsUnderScaledRatesFollowTheInferredRule() {
        let sandbox = TimeRate.monthlyRenewalEveryFiveMinutes
        #expect(sandbox.renewalInterval(for: .threeDays) == .fixed(.seconds(30)))
        #expect(sandbox.renewalInterval(for: .twoWeeks) == .fixed(.seconds(6 * 60)))
        #expect(sandbox.renewalInterval(for: SubscriptionPeriod(value: 2, unit: .year)) == .fixed(.seconds(2 * 3600)))
        let fastest = TimeRate.monthlyRenewalEveryThirtySeconds
        #expect(fastest.renewalInterval(for: .threeDays) == .fixed(.seconds(3)))
        #expect(fastest.renewalInterval(for: .twoWeeks) == .fixed(.seconds(20)))
        #expect(TimeRate.monthlyRenewalEveryHour.renewalInterval(for: .threeDays) == .fixed(.seconds(6 * 60)))
        #expect(sandbox.gracePeriod(for: .threeDays) == .seconds(2 * 60 + 34))
    }

    @Test func everyRawValueOfTheHeaderIsKnownAndNamed() {
        #expect(TimeRate.knownValues.map(\.rawValue) == [0, 1, 2, 3, 4, 5, 6, 10, 11, 12, 13, 15, 1000, 1001, 1002, 1003, 1004, 1005])
        #expect(TimeRate.knownValues.allSatisfy { $0.name != nil })
        #expect(TimeRate.monthlyRenewalEveryThirtySeconds.name == "monthlyRenewalEveryThirtySeconds")
        #expect(TimeRate.oneRenewalEveryTwoSeconds.name == "oneRenewalEveryTwoSeconds")
        #expect(!TimeRate.monthlyRenewalEveryFiveMinutes.isDeprecated)
    }

    @Test(arguments: [14, -1, 7, 999, 2000])
    func unknownRatesAreKeptAndBehaveLikeRealTime(rawValue: Int) {
        let rate = TimeRate(rawValue: rawValue)
        #expect(!rate.isKnown)
        #expect(rate.name == nil)
        #expect(rate.family == .realTime)
        #expect(rate.renewalInterval(for: .oneMonth) == .calendar(.oneMonth))
        #expect(rate.billingRetryDuration == .seconds(60 * 86_400))
    }

    @Test func timeRatesRoundTripThroughJSONAsTheirRawValue() throws {
        let encoded = try JSONEncoder().encode([TimeRate.oneRenewalEveryMinute, TimeRate(rawValue: 14)])
        #expect(String(decoding: encoded, as: UTF8.self) == "[1002,14]")
        #expect(try JSONDecoder().decode([TimeRate].self, from: encoded) == [.oneRenewalEveryMinute, TimeRate(rawValue: 14)])
    }

    @Test func durationsConvertToMillisecondsWithoutOverflow() {
        #expect(TimeRate.milliseconds(of: .milliseconds(1500)) == 1500)
        #expect(TimeRate.milliseconds(of: .seconds(Int64.max)) == .max)
        #expect(TimeRate.milliseconds(of: .seconds(Int64.min)) == .min)
    }
}
