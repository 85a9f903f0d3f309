import Foundation

/// The command line of `tienda-bench`.
struct BenchmarkOptions {
    var settings = RoundSettings.full
    var json = false
    var showHelp = false
    /// Apple's Python verifier script; relative paths are resolved against the working directory.
    var oracleScript = "Tests/Interop/apple_oracle.py"
    /// Workload identifiers to measure; empty for all (`--only`, for profiling one workload).
    var only: Set<String> = []

    static let usage = """
        USAGE: tienda-bench [crypto] [--quick] [--json] [--rounds N] [--seconds S] [--only IDS] [--oracle PATH]
               tienda-bench engine [--subscribers N] … (see tienda-bench engine --help)

        Measures Tienda's ES256 JWS signing and verification against raw OpenSSL (EVP_DigestSign and
        EVP_DigestVerify over the same bytes) and, when TIENDA_PYTHON names a Python with
        app-store-server-library installed, against Apple's Python SignedDataVerifier, all in one run on one
        thread. Prints the medians of interleaved timed rounds and each ratio against its goal.

        OPTIONS:
          --quick         3 rounds of 0.25 s instead of 7 rounds of 1 s (noisier; a smoke test)
          --json          print one JSON document instead of tables
          --rounds N      timed rounds per workload
          --seconds S     seconds per round
          --only IDS      measure only these comma-separated workloads, e.g. to profile one (a ratio needs
                          both of its workloads); the IDs:
                            \(WorkloadID.all.joined(separator: "\n" + String(repeating: " ", count: 20)))
          --oracle PATH   apple_oracle.py (default: Tests/Interop/apple_oracle.py, from the package root)
          -h, --help      show this help

        ENVIRONMENT:
          TIENDA_PYTHON   the Python interpreter for Apple's verifier (`make bench` sets it to .venv's)

        EXIT STATUS: 0 when every goal is met, 1 when one is not, 2 when the benchmark cannot run.
        """

    /// Parses the arguments after the program name.
    /// - Throws: ``BenchmarkError`` for an unknown option or a bad value.
    init(arguments: [String]) throws {
        var remaining = arguments[...]
        func value(for option: String) throws -> String {
            guard let value = remaining.popFirst() else { throw BenchmarkError("\(option) needs a value") }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick": settings = .quick
            case "--json": json = true
            case "-h", "--help": showHelp = true
            case "--oracle": oracleScript = try value(for: argument)
            case "--only":
                only = Set(try value(for: argument).split(separator: ",").map(String.init))
                if let unknown = only.subtracting(WorkloadID.all).first {
                    throw BenchmarkError("unknown workload '\(unknown)'")
                }
            case "--rounds":
                guard let rounds = Int(try value(for: argument)), rounds > 0 else {
                    throw BenchmarkError("--rounds needs a positive integer")
                }
                settings.rounds = rounds
            case "--seconds":
                guard let seconds = Double(try value(for: argument)), seconds > 0 else {
                    throw BenchmarkError("--seconds needs a positive number")
                }
                settings.roundSeconds = seconds
            default: throw BenchmarkError("unknown argument '\(argument)'")
            }
        }
    }
}
