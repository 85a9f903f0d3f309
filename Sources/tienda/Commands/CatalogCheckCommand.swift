import Foundation
import StoreModel

/// `tienda catalog check FILE…`: loads Xcode StoreKit configuration files and summarises them.
struct CatalogCheckCommand: Command {
    static let path = ["catalog", "check"]
    static let summary = "Load .storekit files and summarise products, groups, offers and settings"
    static let help = """
        USAGE: tienda catalog check FILE.storekit… [--json]

        Loads each Xcode StoreKit configuration file (format 1.0 to 5.0) the way the emulator does and prints
        a summary: products by kind, subscription groups with their levels, offers, the test settings
        (time rate, storefront, Ask to Buy, billing flags, simulated errors) and anything the loader tolerated.
        A file that cannot be loaded is reported with its JSON path and what was expected there; the other
        files are still checked.

        OPTIONS:
          --json      Print one JSON document (an array, one entry per file) instead of the summary.
          -h, --help  Show this help.

        EXIT CODES: 0 every file loaded, 65 a file is malformed, 66 a file is missing, 64 usage error.

        EXAMPLES:
          tienda catalog check Products.storekit
          tienda catalog check Configurations/*.storekit --json
        """

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let json = arguments.flag("--json")
        let files = arguments.allPositionals()
        try arguments.finish()
        guard !files.isEmpty else { throw CommandFailure.usage("Give at least one .storekit file to check.") }

        var reports: [CatalogReport] = []
        var exitCode = ExitCode.success
        for file in files {
            let url = URL(fileURLWithPath: file)
            do {
                let configuration = try StoreKitConfiguration.load(contentsOf: url)
                reports.append(CatalogReport(file: file, configuration: configuration))
                if !json {
                    CatalogSummary(configuration: configuration).lines().forEach { output.print($0) }
                    output.print()
                }
            } catch {
                let missing: Bool
                if case .unreadable = error.problem { missing = true } else { missing = false }
                exitCode = missing && exitCode == .success ? .noInput : .badData
                reports.append(CatalogReport(file: file, error: error.description))
                if !json { output.error("error: \(error.description)") }
            }
        }
        if json { output.print(try JSONText.pretty(reports)) }
        return exitCode
    }
}
