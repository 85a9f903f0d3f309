import Foundation
import StoreModel
import Testing

/// ISO 8601 periods as `.storekit` files write them.
@Suite struct SubscriptionPeriodTests {
    @Test(arguments: [
        ("P3D", 3, SubscriptionPeriod.Unit.day), ("P1W", 1, .week), ("P2W", 2, .week), ("P1M", 1, .month),
        ("P2M", 2, .month), ("P3M", 3, .month), ("P6M", 6, .month), ("P1Y", 1, .year), ("P14D", 14, .day),
        ("P10Y", 10, .year), ("P9999D", 9999, .day),
    ])
    func parsesAndRendersEveryPeriodShape(text: String, value: Int, unit: SubscriptionPeriod.Unit) throws {
        let period = try #require(SubscriptionPeriod(iso8601: text))
        #expect(period.value == value)
        #expect(period.unit == unit)
        #expect(period.iso8601 == text)
        #expect(period.description == text)
    }

    @Test(arguments: ["", "P", "1M", "M", "P1Q", "P0M", "P00D", "PT1H", "P1Y2M", "P-1M", "P+1M", "P1.5M", " P1M", "P1M ",
                      "P10000D", "P99999999999999999999D", "P١M", "PM", "Q1M"])
    func rejectsAnythingElse(text: String) {
        #expect(SubscriptionPeriod(iso8601: text) == nil)
    }

    @Test func acceptsLowercaseAndRendersItCanonically() {
        #expect(SubscriptionPeriod(iso8601: "p1m") == .oneMonth)
        #expect(SubscriptionPeriod(iso8601: "p2w")?.iso8601 == "P2W")
    }

    @Test func namedPeriodsHaveTheirValues() {
        #expect([SubscriptionPeriod.threeDays, .oneWeek, .twoWeeks, .oneMonth, .twoMonths, .threeMonths, .sixMonths, .oneYear]
            .map(\.iso8601) == ["P3D", "P1W", "P2W", "P1M", "P2M", "P3M", "P6M", "P1Y"])
        #expect(SubscriptionPeriod(value: 0, unit: .day).value == 1)
        #expect(SubscriptionPeriod(value: 100_000, unit: .day).value == SubscriptionPeriod.maximumValue)
        #expect(SubscriptionPeriod.twoWeeks.nominalDays == 14)
        #expect(SubscriptionPeriod.oneYear.nominalDays == 365)
        #expect(SubscriptionPeriod.twoWeeks.isShorterThanAMonth)
        #expect(!SubscriptionPeriod.oneMonth.isShorterThanAMonth)
    }

    @Test func advancesDatesOnTheUTCGregorianCalendar() {
        let start = Date(timeIntervalSince1970: 1_706_659_200)  // 2024-01-31T00:00:00Z
        #expect(SubscriptionPeriod.oneMonth.advance(start) == Date(timeIntervalSince1970: 1_709_164_800))  // 2024-02-29
        #expect(SubscriptionPeriod.twoWeeks.advance(start) == start.addingTimeInterval(14 * 86_400))
        #expect(SubscriptionPeriod.threeDays.dateComponents == DateComponents(day: 3))
        #expect(SubscriptionPeriod.oneWeek.dateComponents == DateComponents(day: 7))
        #expect(SubscriptionPeriod.sixMonths.dateComponents == DateComponents(month: 6))
    }
}
