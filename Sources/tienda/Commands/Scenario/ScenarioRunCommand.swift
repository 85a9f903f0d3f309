import AppStoreEngine
import AppStoreScenarios
import Foundation

/// `tienda scenario run FILE`: runs a scenario on a virtual clock and prints its timeline.
struct ScenarioRunCommand: Command {
    static let path = ["scenario", "run"]
    static let summary = "Run a scenario file on a virtual clock and print the timeline of transactions and notifications"
    static let help = """
        USAGE: tienda scenario run FILE.json [--state DIR] [--json] [--quiet]

        Runs the steps of a scenario file (docs/SCENARIOS.md) on the emulated App Store with a virtual clock
        that starts at the scenario's start date: purchases, time passing, billing failures, refunds, plan
        changes, Family Sharing, price increases, extensions… and prints a timeline: for each step the
        transactions it created or changed and the notifications it raised (type/subtype and data.status),
        then the results of its expect steps. Each step's rows are printed as soon as the step is committed.

        A step the App Store refuses stops the run; a failed expectation is shown with a diff and the run goes
        on. On a terminal, a progress bar on standard error follows runs that take more than half a second.

        OPTIONS:
          --state DIR   Keep the engine's state in DIR (created; it must not hold an engine already), so it can
                        be inspected or served afterwards. Default: in memory, gone when the run ends.
          --json        Print the timeline as JSON Lines: {"scenario":…}, then one {"step":…} per step as it
                        completes, then {"summary":…}.
          --quiet       Print nothing but failures.
          -h, --help    Show this help.

        EXIT CODES: 0 every step ran and every expectation held, 1 an expectation failed or a step was refused,
        65 the scenario is malformed, 66 it (or its .storekit file) is missing, 64 usage error.

        EXAMPLES:
          tienda scenario run Examples/Scenarios/renewal-with-billing-grace-recovery.json
          tienda scenario run Examples/Scenarios/year-of-monthly-renewals.json --json | jq -c 'select(.step) | .step.notifications[]'
          tienda scenario run my-scenario.json --state /tmp/tienda-state
        """

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let json = arguments.flag("--json")
        let quiet = arguments.flag("--quiet")
        let state = try arguments.option("--state")
        let file = try arguments.requiredPositional("scenario file")
        try arguments.finish()
        if json && quiet { throw CommandFailure.usage("--json and --quiet exclude each other.") }

        let scenario = try ScenarioFile.load(file)
        let storage = try storage(state)
        let session: ScenarioSession
        do {
            session = try await ScenarioSession.open(scenario, storage: storage)
        } catch {
            throw CommandFailure.badData(error.description)
        }
        let printer = TimelinePrinter(scenario: scenario, output: output, mode: json ? .jsonLines : quiet ? .quiet : .table)
        let progress = ProgressBar(output: output, enabled: !quiet && output.standardErrorIsTerminal)
        let runner = session.runner()
        runner.onStep = { step in progress.whileHidden { printer.print(step) } }
        if progress.enabled { runner.onProgress = { progress.update($0) } }
        printer.start()
        let outcome = await runner.run()
        progress.finish()
        await session.close()
        printer.finish(outcome)
        return outcome.passed ? .success : .verificationFailed
    }

    private static func storage(_ state: String?) throws(CommandFailure) -> AppStoreEngine.Configuration.Storage {
        guard let state else { return .inMemory }
        let directory = URL(fileURLWithPath: state, isDirectory: true)
        if FileManager.default.fileExists(atPath: directory.appendingPathComponent("engine.sqlite").path) {
            throw .usage("\(state) already holds an engine's state; a scenario starts from an empty store. "
                + "Remove it or choose another directory.")
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(message: "\(state): cannot be created (\(error.localizedDescription)).",
                exitCode: .cannotCreate, showsUsage: false)
        }
        return .stateDirectory(directory)
    }
}
