import Foundation

/// `tienda-bench`: the release-built benchmarks (see `docs/BENCHMARKS.md`): the crypto group (the default, or
/// `tienda-bench crypto …`) and the engine group (`tienda-bench engine …`).

func writeError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "engine" {
    exit(await EngineBenchmarkCommand.run(Array(arguments.dropFirst())))
}
if arguments.first == "crypto" { arguments.removeFirst() }

let options: BenchmarkOptions
do {
    options = try BenchmarkOptions(arguments: arguments)
} catch {
    writeError("tienda-bench: \(error)\n\n\(BenchmarkOptions.usage)")
    exit(2)
}
if options.showHelp {
    print(BenchmarkOptions.usage)
    exit(0)
}

var apple: AppleOracleBenchmark?
var appleSkippedReason: String?
if let python = ProcessInfo.processInfo.environment["TIENDA_PYTHON"], !python.isEmpty {
    apple = AppleOracleBenchmark(python: URL(fileURLWithPath: python), script: URL(fileURLWithPath: options.oracleScript))
} else {
    appleSkippedReason = "TIENDA_PYTHON is not set"
}

var suite = CryptoBenchmarkSuite(settings: options.settings, apple: apple, appleSkippedReason: appleSkippedReason)
suite.only = options.only
suite.progress = { label, round in writeError("round \(round)/\(options.settings.rounds): \(label)") }
do {
    let report = try suite.run()
    print(options.json ? try JSONReportEncoder.render(report) : TextReportPrinter.render(report))
    exit(report.allGoalsPassed ? 0 : 1)
} catch {
    writeError("tienda-bench: \(error)")
    exit(2)
}
