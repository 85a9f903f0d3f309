import StoreModel
import Testing

@Suite struct OffsetClockTests {
    @Test func runsAheadOfItsBaseByTheOffset() {
        let base = VirtualClock(now: .referenceDate)
        let clock = OffsetClock(offsetMilliseconds: 5_000, base: base)
        #expect(clock.now == Timestamp.referenceDate.adding(milliseconds: 5_000))
        base.advance(by: .seconds(1))
        #expect(clock.now == Timestamp.referenceDate.adding(milliseconds: 6_000))
    }

    @Test func advancingGrowsTheOffsetAndNeverMovesBack() {
        let base = VirtualClock(now: .referenceDate)
        let clock = OffsetClock(base: base)
        let target = Timestamp.referenceDate.adding(.seconds(30 * 86_400))
        #expect(clock.advance(to: target) == target)
        #expect(clock.offsetMilliseconds == 30 * 86_400_000)
        #expect(clock.advance(to: .referenceDate) == target)
        #expect(clock.offsetMilliseconds == 30 * 86_400_000)
    }

    @Test func aNegativeSavedOffsetCountsAsNone() {
        let base = VirtualClock(now: .referenceDate)
        #expect(OffsetClock(offsetMilliseconds: -10, base: base).now == .referenceDate)
    }
}
