import AppStoreEngine
import Foundation
import StoreModel
import Testing

@testable import AppStoreScenarios

@Suite struct ScenarioRunnerTests {
    typealias F = ScenarioFixtures

    @Test func everyExampleRunsWithEveryExpectationMet() async throws {
        for name in ["renewal-with-billing-grace-recovery", "upgrade-downgrade", "refund-and-reversal", "ask-to-buy-family",
            "year-of-monthly-renewals", "offers-prices-and-extensions"]
        {
            let session = try await ScenarioSession.open(try Scenario.load(contentsOf: F.example(name)))
            let outcome = await session.runner().run()
            #expect(outcome.passed, "\(name): \(outcome)")
            #expect(outcome.stepsRun == outcome.stepsTotal)
            await session.close()
        }
    }

    @Test func aRunStoppedAfterAnyStepAndContinuedOnTheReopenedStateEndsWhereAnUninterruptedRunDoes() async throws {
        let scenario = try Scenario.load(contentsOf: F.example("ask-to-buy-family"))
        let accounts = scenario.accounts.map(\.id)
        let reference = try await ScenarioSession.open(scenario)
        #expect(await reference.runner().run().passed)
        let expected = try await EngineSnapshot.read(reference.engine, bundleId: scenario.bundleId, accounts: accounts)
        await reference.close()

        for stop in [1, 3, 7, 11, 12] {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tienda-resume-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            var stopped = scenario
            stopped.steps = Array(scenario.steps.prefix(stop))
            let first = try await ScenarioSession.open(stopped, storage: .stateDirectory(directory))
            _ = await first.runner().run()
            let clock = first.clock.now
            await first.close()

            let second = try await ScenarioSession.attach(scenario, storage: .stateDirectory(directory), at: clock)
            let outcome = await second.runner().run(from: stop)
            #expect(outcome.failure == nil, "stopped after \(stop): \(outcome)")
            #expect(outcome.stepsRun == scenario.steps.count - stop)
            #expect(try await EngineSnapshot.read(second.engine, bundleId: scenario.bundleId, accounts: accounts) == expected)
            await second.close()
        }
    }

    @Test func stepsReportTheirTimelineAndProgressMovesThroughAdvances() async throws {
        let scenario = try F.scenario(steps: """
            [{"do": "buy", "product": "com.tienda.example.pro.monthly", "offer": {"introductory": false}},
             {"do": "advance", "by": "P3M"}, {"do": "expect", "notifications": ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW", "DID_RENEW", "DID_RENEW"]}]
            """)
        let session = try await ScenarioSession.open(scenario)
        let runner = session.runner()
        var steps: [TimelineStep] = []
        var progress: [ScenarioProgress] = []
        runner.onStep = { steps.append($0) }
        runner.onProgress = { progress.append($0) }
        let outcome = await runner.run()
        #expect(outcome.passed && outcome.transactionsCreated == 4 && outcome.notifications == 4)
        #expect(steps.map(\.kind) == ["buy", "advance", "expect"])
        #expect(steps[1].transactions.map(\.transactionId) == ["2000000000000002", "2000000000000003", "2000000000000004"])
        #expect(steps[1].notifications.map(\.time.iso8601) == ["2024-02-01T00:00:00Z", "2024-03-01T00:00:00Z", "2024-04-01T00:00:00Z"])
        #expect(steps[1].end.iso8601 == "2024-04-01T00:00:00Z")
        let duringAdvance = progress.filter { $0.stepsDone == 1 }
        #expect(duringAdvance.count == 1 + 91 && duringAdvance.last?.stepFraction == 1)
        #expect(progress.map(\.fraction) == progress.map(\.fraction).sorted())
        await session.close()
    }
}
