import StoreModel
import Testing

@testable import AppStoreScenarios

@Suite struct ScenarioDurationTests {
    @Test func calendarUnitsFollowTheCalendarAndTimeUnitsAreFixed() throws {
        let january31 = try #require(ScenarioDate.parse("2024-01-31T10:00:00Z"))
        #expect(ScenarioDate.iso8601(try #require(ScenarioDuration(iso8601: "P1M")).added(to: january31)) == "2024-02-29T10:00:00Z")
        #expect(ScenarioDate.iso8601(try #require(ScenarioDuration(iso8601: "P1Y2M3DT4H5M6.5S")).added(to: january31))
            == "2025-04-03T14:05:06.500Z")
        #expect(ScenarioDate.iso8601(try #require(ScenarioDuration(iso8601: "P2W")).added(to: january31)) == "2024-02-14T10:00:00Z")
        #expect(try #require(ScenarioDuration(iso8601: "PT5M")).added(to: january31).milliseconds == january31.milliseconds + 300_000)
    }

    @Test(arguments: ["", "P", "PT", "1M", "P1H", "PT1D", "P-1D", "P1.5M", "P1MT", "P1M1"])
    func malformedDurationsAreRejected(text: String) {
        #expect(ScenarioDuration(iso8601: text) == nil)
    }

    @Test func millisecondsSurviveCalendarArithmetic() throws {
        let instant = Timestamp(milliseconds: 1_704_067_200_001)
        #expect(try #require(ScenarioDuration(iso8601: "P1D")).added(to: instant).milliseconds == 1_704_153_600_001)
    }
}
