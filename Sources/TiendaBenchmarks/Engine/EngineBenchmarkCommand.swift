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
        if options.storageFloor {
            do {
                try await benchmark.runStorageFloor { month, result in
                    print(String(
                        format: "month %d: %d renewals, %.1f s wall, %.1f s CPU, %.1f µs CPU per renewal", month, result.renewals,
                        result.span.wall, result.span.cpu, result.cpuPerRenewal))
                }
                return 0
            } catch {
                writeError("tienda-bench engine: \(error)")
                return 2
            }
        }
        if options.engineOnly {
            do {
                try await benchmark.runEngineOnly { phase, notifications, span in
                    print(String(
                        format: "%@: %lld notifications, %.1f s wall, %.1f s CPU (%.1f s system), %.1f µs CPU per notification",
                        phase, notifications, span.wall, span.cpu, span.system,
                        notifications > 0 ? span.cpu * 1e6 / Double(notifications) : 0))
                }
                return 0
            } catch {
                writeError("tienda-bench engine: \(error)")
                return 2
            }
        }
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
