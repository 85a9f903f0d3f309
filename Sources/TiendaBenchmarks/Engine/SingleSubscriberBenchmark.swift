import AppStoreEngine
import AppStoreScenarios
import Foundation

/// The one-year single-subscriber scenario, run whole (engine set-up, every step, the timeline read back) as
/// `tienda scenario run` runs it, in memory and on a SQLite file.
struct SingleSubscriberBenchmark {
    /// Median times of the runs.
    struct Result: Sendable, Codable {
        var file: String
        var steps: Int
        var transactions: Int
        var notifications: Int
        var runs: Int
        var inMemory: Span
        var sqliteFile: Span
    }

    let scenarioURL: URL
    let runs: Int

    func run() async throws -> Result {
        let scenario = try Scenario.load(contentsOf: scenarioURL)
        var memory: [Span] = []
        var file: [Span] = []
        var last: ScenarioOutcome?
        for _ in 0..<runs {
            let (outcome, span) = try await Span.measure { () async throws -> ScenarioOutcome in
                let session = try await ScenarioSession.open(scenario)
                let outcome = await session.runner().run()
                await session.close()
                return outcome
            }
            guard outcome.passed else { throw BenchmarkError("\(scenario.fileName) failed: \(outcome.failure ?? "an expectation")") }
            memory.append(span)
            last = outcome
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tienda-bench-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            file.append(try await Span.measure { () async throws in
                let session = try await ScenarioSession.open(scenario, storage: .stateDirectory(directory))
                _ = await session.runner().run()
                await session.close()
            }.1)
        }
        return Result(
            file: scenario.fileName, steps: scenario.steps.count, transactions: last?.transactionsCreated ?? 0,
            notifications: last?.notifications ?? 0, runs: runs, inMemory: Self.median(memory), sqliteFile: Self.median(file))
    }

    /// The span with the median wall time and, separately, the median CPU time.
    static func median(_ spans: [Span]) -> Span {
        Span(
            wall: Measurement.median(spans.map(\.wall)), cpu: Measurement.median(spans.map(\.cpu)),
            system: Measurement.median(spans.map(\.system)))
    }
}
