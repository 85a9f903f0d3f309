import Foundation
import Testing

import StoreModel

/// Periods added to millisecond timestamps without Foundation's calendar land where `Calendar.date(byAdding:to:)`
/// on the Gregorian calendar in UTC lands, to the millisecond (Foundation's `Date` is a `Double` of seconds, so
/// the comparison is made on whole seconds and the milliseconds are checked to be carried over).
@Suite struct RenewalIntervalCalendarTests {
    static let periods: [SubscriptionPeriod] = [
        .threeDays, .oneWeek, .twoWeeks, .oneMonth, .twoMonths, .threeMonths, .sixMonths, .oneYear,
        SubscriptionPeriod(value: 11, unit: .month), SubscriptionPeriod(value: 4, unit: .year),
        SubscriptionPeriod(value: 400, unit: .day),
    ]

    @Test(arguments: periods)
    func matchesFoundationOverFourCenturies(_ period: SubscriptionPeriod) {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &+ UInt64(period.nominalDays)
        // 1600-01-01 to 2400-01-01, plus the ends of months and leap days, where clamping happens.
        let low: Int64 = -11_676_096_000_000
        let high: Int64 = 13_569_465_600_000
        var starts = (0..<4_000).map { _ -> Int64 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return low + Int64(state >> 1) % (high - low)
        }
        for text in ["2024-01-31T23:59:59.999Z", "2024-02-29T12:00:00Z", "2023-01-29T00:00:00Z", "2100-02-28T08:00:00Z",
            "2000-02-29T00:00:00.001Z", "1969-12-31T23:59:59.999Z", "1970-01-01T00:00:00Z", "1600-03-01T00:00:00Z"]
        {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let date = formatter.date(from: text) ?? ISO8601DateFormatter().date(from: text)!
            starts.append(Timestamp(date).milliseconds)
        }
        for start in starts {
            let fraction = ((start % 1000) + 1000) % 1000
            let second = Timestamp(milliseconds: start - fraction)
            let expected = Timestamp(RenewalInterval.calendar(period).end(from: second.date))
            #expect(RenewalInterval.calendar(period).end(from: second) == expected, "\(period.iso8601) from \(start)")
            #expect(
                RenewalInterval.calendar(period).end(from: Timestamp(milliseconds: start))
                    == expected.adding(milliseconds: fraction), "\(period.iso8601) from \(start)")
        }
    }

    @Test func datesBeforeTheGregorianReformFollowFoundation() {
        let start = Timestamp(milliseconds: -13_000_000_000_000)  // 1558-01-09, a Julian date for Foundation
        #expect(RenewalInterval.calendar(.oneMonth).end(from: start)
            == Timestamp(RenewalInterval.calendar(.oneMonth).end(from: start.date)))
    }
}
