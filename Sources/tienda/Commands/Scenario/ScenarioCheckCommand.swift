import AppStoreScenarios
import Foundation

/// `tienda scenario check FILE…`: loads scenario files and checks them against their catalogs without running them.
struct ScenarioCheckCommand: Command {
    static let path = ["scenario", "check"]
    static let summary = "Check scenario files against their .storekit catalogs without running them"
    static let help = """
        USAGE: tienda scenario check FILE.json…

        Loads each scenario file and the .storekit file it names, and checks every step: the kinds and their
        keys, products and offers against the catalog, accounts, purchase labels, durations and dates (the
        clock only moves forward). Prints one line per file. docs/SCENARIOS.md describes the format.

        OPTIONS:
          -h, --help  Show this help.

        EXIT CODES: 0 every file is valid, 65 a file is malformed, 66 a file is missing, 64 usage error.

        EXAMPLE:
          tienda scenario check Examples/Scenarios/*.json
        """

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let files = arguments.allPositionals()
        try arguments.finish()
        guard !files.isEmpty else { throw CommandFailure.usage("Give at least one scenario file to check.") }
        var exitCode = ExitCode.success
        for file in files {
            do {
                let scenario = try ScenarioFile.load(file)
                output.print(
                    "\(file): ok — \"\(scenario.name)\", \(plural(scenario.steps.count, "step")), "
                        + "\(plural(scenario.accounts.count, "account")), \(scenario.catalogName)")
            } catch {
                let failure = error
                output.error("error: \(failure.message)")
                if exitCode == .success || failure.exitCode == .badData { exitCode = failure.exitCode }
            }
        }
        return exitCode
    }

    private static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
