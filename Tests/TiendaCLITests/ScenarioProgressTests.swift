import Foundation
import Testing

@testable import tienda

/// The progress bar of `tienda scenario run`: when it is drawn, what it draws on standard error, and that it
/// changes nothing on standard output.
@Suite struct ScenarioProgressTests {
    static let scenario = "Examples/Scenarios/year-of-monthly-renewals.json"
    static let erase = "\r\u{1B}[K"

    @Test func theBarIsDrawnOnATerminalOrWhenAskedForAndNeverWhenRefused() {
        let automatic = ProgressBar.Mode.automatic
        #expect(automatic.appearanceDelay(standardErrorIsTerminal: true, quiet: false) == 0.5)
        #expect(automatic.appearanceDelay(standardErrorIsTerminal: false, quiet: false) == nil)
        #expect(automatic.appearanceDelay(standardErrorIsTerminal: true, quiet: true) == nil)
        for terminal in [true, false] {
            for quiet in [true, false] {
                #expect(ProgressBar.Mode.always.appearanceDelay(standardErrorIsTerminal: terminal, quiet: quiet) == 0)
                #expect(ProgressBar.Mode.never.appearanceDelay(standardErrorIsTerminal: terminal, quiet: quiet) == nil)
            }
        }
    }

    @Test func progressDrawsFramesOnStandardErrorAndErasesThemWithoutChangingTheTimeline() throws {
        let result = try TiendaProcess.run(["scenario", "run", "--progress", Self.scenario])
        #expect(result.exitCode == 0, "\(result.standardError)")
        try TiendaProcess.expectSnapshot(result.standardOutput, named: "scenario-year-of-monthly-renewals.txt")
        #expect(!result.standardOutput.contains("\u{1B}"))

        // Every frame starts by erasing the line; the last write erases the bar for good.
        #expect(result.standardError.hasSuffix(Self.erase))
        let frames = result.standardError.components(separatedBy: Self.erase).filter { !$0.isEmpty }
        #expect(!frames.isEmpty)
        let pattern = try Regex(#"^ {0,2}(\d{1,3})% [█░]{30} step (\d+)/10 · \d{4}-\d\d-\d\d"#)
        var percents: [Int] = []
        for frame in frames {
            let match = try #require(frame.firstMatch(of: pattern), "not a progress frame: \(frame.debugDescription)")
            let percent = try #require(Int(match.output[1].substring ?? ""))
            let step = try #require(Int(match.output[2].substring ?? ""))
            #expect((0...100).contains(percent) && (1...10).contains(step))
            percents.append(percent)
        }
        #expect(percents == percents.sorted(), "the bar went backwards: \(percents)")
    }

    @Test func jsonLinesStayCleanWithTheBarAndTheTwoFlagsExcludeEachOther() throws {
        let result = try TiendaProcess.run(["scenario", "run", "--json", "--progress", Self.scenario])
        #expect(result.exitCode == 0)
        #expect(!result.standardError.isEmpty)
        for line in result.standardOutput.split(separator: "\n") {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "not JSON: \(line)")
        }
        let both = try TiendaProcess.run(["scenario", "run", "--progress", "--no-progress", Self.scenario])
        #expect(both.exitCode == 64)
        #expect(both.standardError.contains("--progress and --no-progress exclude each other"))
        let never = try TiendaProcess.run(["scenario", "run", "--no-progress", Self.scenario])
        #expect(never.exitCode == 0 && never.standardError.isEmpty)
    }
}
