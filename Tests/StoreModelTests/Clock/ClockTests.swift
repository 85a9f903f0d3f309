import Foundation
import StoreModel
import Testing

/// Injected clocks.
@Suite struct ClockTests {
    @Test func aVirtualClockMovesOnlyForwardAndOnlyWhenTold() {
        let clock = VirtualClock()
        #expect(clock.now == .referenceDate)
        #expect(clock.advance(by: .seconds(90)) == Timestamp.referenceDate.adding(milliseconds: 90_000))
        #expect(clock.advance(by: .seconds(-10)) == Timestamp.referenceDate.adding(milliseconds: 90_000))
        clock.advance(to: .referenceDate)
        #expect(clock.now == Timestamp.referenceDate.adding(milliseconds: 90_000))
        clock.advance(to: Timestamp(milliseconds: 1_800_000_000_000))
        #expect(clock.now == Timestamp(milliseconds: 1_800_000_000_000))
    }

    @Test func theSystemClockReadsTheWallClock() {
        let before = Timestamp(Date())
        let now = SystemClock().now
        #expect(now >= before && now <= Timestamp(Date()))
    }

    @Test func durationsConvertToMilliseconds() {
        let start = Timestamp(milliseconds: 1000)
        #expect(start.adding(.milliseconds(1500)) == Timestamp(milliseconds: 2500))
        #expect(Timestamp(milliseconds: 2500).duration(since: start) == .milliseconds(1500))
    }

    @Test func storefrontsHaveAppleIdentifiersAndCurrencies() {
        #expect(Storefront.known("usa") == .unitedStates)
        #expect(Storefront.known("ESP") == Storefront(countryCode: "ESP", id: "143454", currency: "EUR"))
        #expect(Storefront.known("JPN")?.currency == "JPY")
        #expect(Storefront.known("XXX") == nil)
        #expect(Set(Storefront.table.map(\.id)).count == Storefront.table.count)
    }
}
