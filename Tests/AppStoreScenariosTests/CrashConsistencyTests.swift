import AppStoreEngine
import Foundation
import StoreModel
import Testing
import TiendaTestSupport

@testable import AppStoreScenarios

/// `tienda scenario run --state DIR` is killed with SIGKILL at ten moments of a long scenario — between steps,
/// in the middle of purchases and refunds, and in the middle of advances that fire hundreds of due events. Each
/// time the state directory is reopened with the engine and checked, then the rest of the scenario runs on it and
/// must end exactly where an uninterrupted run ends.
@Suite(.serialized) struct CrashConsistencyTests {
    typealias F = ScenarioFixtures

    /// A small, seeded random source so that a failing run can be repeated.
    @Test func everyReportedStepSurvivesASIGKILLAndNoOperationIsHalfDone() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tienda-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CrashScenario.write(to: folder, catalog: F.packageRoot.appendingPathComponent("Examples/Tienda.storekit"))
        let scenario = try Scenario.load(contentsOf: file)

        // The uninterrupted run, timing each step so that kills can be aimed inside the advances.
        let reference = try await ScenarioSession.open(scenario)
        let runner = reference.runner()
        var finished: [Double] = []
        let started = Date()
        runner.onStep = { _ in finished.append(Date().timeIntervalSince(started)) }
        #expect(await runner.run().failure == nil)
        let expected = try await EngineSnapshot.read(reference.engine, bundleId: scenario.bundleId, accounts: CrashScenario.accounts)
        await reference.close()

        let seed = UInt64(Date().timeIntervalSince1970 * 1000)
        var random = SeededRandom(seed: seed)
        let advances = scenario.steps.indices.filter { scenario.steps[$0].kind == "advance" }
        // Four kills aimed inside advances (the lines before them are step lines), six anywhere.
        var plans: [(lines: Int, delay: Double)] = advances.map { index in
            let duration = finished[index] - finished[index - 1]
            return (lines: 1 + index, delay: duration * Double.random(in: 0.1...0.9, using: &random))
        }
        plans += (0..<6).map { _ in (lines: Int.random(in: 1...scenario.steps.count - 2, using: &random), delay: Double.random(in: 0...0.02, using: &random)) }

        var midAdvance = 0
        var partlyCommittedAdvances = 0
        for (attempt, plan) in plans.enumerated() {
            let state = folder.appendingPathComponent("state-\(attempt)")
            // The delays come from the in-process run; a loaded machine can run the child faster or slower, so a
            // child that finished before the kill is run again on a fresh state with the delay halved, then none.
            var delay = plan.delay
            var killed = try await KilledRun.run(
                ["scenario", "run", "--json", "--state", state.path, file.path], killAfterLines: plan.lines, delay: delay)
            for retry in 1...3 where !killed.wasKilled {
                try FileManager.default.removeItem(at: state)
                delay = retry == 3 ? 0 : delay / 2
                killed = try await KilledRun.run(
                    ["scenario", "run", "--json", "--state", state.path, file.path], killAfterLines: plan.lines, delay: delay)
            }
            let context = "seed \(seed), kill \(attempt) after \(plan.lines) lines + \(delay) s"
            guard killed.wasKilled else {
                Issue.record("the run finished before the kill, even with no delay after the last line (\(context))")
                continue
            }
            let reported = try ReportedProgress(lines: killed.lines)
            let next = reported.lastIndex + 1
            let clock = reported.steps.last.flatMap { ScenarioDate.parse($0.end) } ?? scenario.start

            // Reopen the state as it was left and check it.
            let session = try await ScenarioSession.attach(scenario, storage: .stateDirectory(state), at: clock)
            let snapshot = try await EngineSnapshot.read(session.engine, bundleId: scenario.bundleId, accounts: CrashScenario.accounts)
            let check = ConsistencyCheck(engine: session.engine, snapshot: snapshot, bundleId: scenario.bundleId)
            try await check.reportedStepsArePresent(reported)
            check.nothingIsHalfDone()
            try await check.chainsAreConsistent(accounts: CrashScenario.accounts, clock: clock)
            let committedBeyondReport = (snapshot.notifications.last?.sequence ?? 0) > reported.lastSequence
            if next < scenario.steps.count, scenario.steps[next].kind == "advance" {
                midAdvance += 1
                if committedBeyondReport { partlyCommittedAdvances += 1 }
            }

            // Continue: a step that committed without being reported is skipped unless repeating it is harmless.
            let resume = next < scenario.steps.count && committedBeyondReport && !CrashScenario.isRepeatable(next) ? next + 1 : next
            let outcome = await session.runner().run(from: resume)
            #expect(outcome.failure == nil, "\(context): \(outcome.failure ?? "")")
            let final = try await EngineSnapshot.read(session.engine, bundleId: scenario.bundleId, accounts: CrashScenario.accounts)
            #expect(final == expected, "\(context): the continued run differs from the uninterrupted one")
            await session.close()
        }
        #expect(plans.count >= 10 && midAdvance >= 2, "seed \(seed): \(midAdvance) kills landed inside an advance")
        print("crash test: seed \(seed), \(plans.count) kills, \(midAdvance) inside advances, \(partlyCommittedAdvances) with part of the advance committed")
    }
}
