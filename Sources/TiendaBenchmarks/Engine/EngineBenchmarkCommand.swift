import Foundation

/// `tienda-bench engine …`: parses the options, runs the benchmark and prints the report.
enum EngineBenchmarkCommand {
    /// Runs and returns the exit status.
    static func run(_ arguments: [String]) async -> Int32 {
        let options: EngineBenchmarkOptions
        do {
            options = try EngineBenchmarkOptions(arguments: arguments)
        } catch {
            writeError("tienda-bench engine: \(error)\n\n\(EngineBenchmarkOptions.usage)")
            return 2
        }
        if options.showHelp {
            print(EngineBenchmarkOptions.usage)
            return 0
        }
        var benchmark = EngineBenchmark(options: options)
        benchmark.progress = { writeError($0) }
        do {
            let report = try await benchmark.run()
            print(options.json ? try EngineJSONReport.render(report) : EngineReportPrinter.render(report))
            return report.ratioPassed && report.memoryPassed ? 0 : 1
        } catch {
            writeError("tienda-bench engine: \(error)")
            return 2
        }
    }
}
