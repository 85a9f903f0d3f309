import Foundation

/// The command line of `tienda-bench engine`.
struct EngineBenchmarkOptions: Sendable {
    var subscribers = 100_000
    var months = 12
    var failureShare = 0.05
    var refundShare = 0.03
    var seed: UInt64 = 20_240_101
    /// Signing lanes, as the engine's `signingConcurrency` (default: one per logical core, the engine's default).
    var lanes = ProcessInfo.processInfo.activeProcessorCount
    /// Notifications per phase whose exact payloads the baseline signs (round-robin).
    var sampleSize = 2_000
    /// Steps each phase is measured in, each followed by signing its own payloads alone: 1 measures a phase whole.
    /// More steps pair each part of a phase with signing measured seconds after it, but lower the ratio for reasons
    /// not yet understood (docs/BENCHMARKS.md, fifteenth round), so the default stays 1.
    var stepsPerPhase = 1
    var scenarioRuns = 15
    var json = false
    /// Renew with the rows alone after the purchases (``StorageFloor``) instead of running the engine's months.
    var storageFloor = false
    /// Run the engine's phases without signing alone (``EngineBenchmark/runEngineOnly(report:)``).
    var engineOnly = false
    var showHelp = false
    var catalog = "Examples/Tienda.storekit"
    var scenario = "Examples/Scenarios/year-of-monthly-renewals.json"

    static let usage = """
        USAGE: tienda-bench engine [--subscribers N] [--months M] [--lanes L] [--steps K] [--scenario-runs R] [--seed S]
                                   [--refunds P] [--failures P] [--json]
               tienda-bench engine --storage-floor [--subscribers N] [--months M]
               tienda-bench engine --engine-only [--subscribers N] [--months M] [--lanes L] [--seed S]
                                                [--refunds P] [--failures P]

        Runs the App Store engine on a SQLite file (write-ahead log) with a virtual clock: N accounts buy the
        monthly subscription of Examples/Tienda.storekit over the first month, then for M months 3 % of the
        subscribers get their latest transaction refunded and subscribe again, 5 % have their renewal fail
        (Billing Grace Period on) and recover at the month's end, and the clock advances one month, renewing
        everyone. Every notification is signed. After each phase (the purchases, each month), the same number of
        payloads — the exact bytes of a sample of that phase's notifications — is signed alone with the same key
        and the same lanes; the report gives both times (wall and CPU of the whole process, with its system
        part), their ratio (goal ≤ 1.5× in CPU time), events per second, peak memory (VmHWM) and disk use, the
        months' CPU per item of each kind of call (due events, refunds, resubscriptions, billing failures and
        recoveries, each with its signing), then the median time of the one-year single-subscriber scenario
        Examples/Scenarios/year-of-monthly-renewals.json.

        OPTIONS:
          --subscribers N     subscribers (default 100,000)
          --months M          months of renewals after the purchases (default 12)
          --lanes L           signing lanes, the engine's signingConcurrency (default: logical cores)
          --steps K           measure each phase in K steps (a month in K advances), each followed by signing
                              its own payloads alone, the phase's row summing them (default 1: each phase whole).
                              K > 1 narrows the months' spread on a machine whose speed drifts, but has given
                              lower ratios than K = 1 within the same run; see docs/BENCHMARKS.md
          --scenario-runs R   runs of the single-subscriber scenario (default 15; the median is reported)
          --seed S            the seed that picks refunded and failing subscribers
          --refunds P         the percentage of subscribers refunded and resubscribed each month (default 3);
                              another value is a diagnosis, whose ratio is not the issue's
          --failures P        the percentage of subscribers whose renewal fails each month (default 5; the same)
          --catalog PATH      the .storekit file (default Examples/Tienda.storekit, from the package root)
          --scenario PATH     the single-subscriber scenario (default Examples/Scenarios/year-of-monthly-renewals.json)
          --json              print one JSON document instead of tables
          --storage-floor     a diagnosis, not the benchmark: after the purchases, renew every subscriber once a month
                              by writing only a renewal's rows (the new transaction, the chain's update, the outbox
                              row) with the engine's schema and commit size, without the engine and without
                              signing, and print the CPU per renewal: the floor under the engine's own work
          --engine-only       a diagnosis, not the benchmark: the same accounts, purchases and months through the
                              engine, without signing alone, the sample of payloads it signs or the scenario, and
                              the engine's CPU per notification for each phase; what a profiler or an instruction
                              count (Scripts/insncount.sh) sees of this run is the engine's work alone
          -h, --help          show this help

        EXIT STATUS: 0 when both goals (ratio ≤ 1.5×, peak memory < 1 GiB) are met, 1 when one is not, 2 when the
        benchmark cannot run.
        """

    /// Parses the arguments after `engine`.
    init(arguments: [String]) throws {
        var remaining = arguments[...]
        func value(for option: String) throws -> String {
            guard let value = remaining.popFirst() else { throw BenchmarkError("\(option) needs a value") }
            return value
        }
        func percentage(_ option: String) throws -> Double {
            guard let number = Double(try value(for: option)), (0...100).contains(number) else {
                throw BenchmarkError("\(option) needs a percentage from 0 to 100")
            }
            return number / 100
        }
        func positive(_ option: String) throws -> Int {
            guard let number = Int(try value(for: option)), number > 0 else { throw BenchmarkError("\(option) needs a positive integer") }
            return number
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--subscribers": subscribers = try positive(argument)
            case "--months": months = try positive(argument)
            case "--lanes": lanes = try positive(argument)
            case "--steps": stepsPerPhase = try positive(argument)
            case "--scenario-runs": scenarioRuns = try positive(argument)
            case "--seed":
                guard let seed = UInt64(try value(for: argument)) else { throw BenchmarkError("--seed needs a number") }
                self.seed = seed
            case "--refunds": refundShare = try percentage(argument)
            case "--failures": failureShare = try percentage(argument)
            case "--catalog": catalog = try value(for: argument)
            case "--scenario": scenario = try value(for: argument)
            case "--json": json = true
            case "--storage-floor": storageFloor = true
            case "--engine-only": engineOnly = true
            case "-h", "--help": showHelp = true
            default: throw BenchmarkError("unknown argument '\(argument)'")
            }
        }
        guard refundShare + failureShare <= 1 else {
            throw BenchmarkError("--refunds and --failures pick different subscribers: together they need at most 100")
        }
    }

    /// A share as the report prints it: `3`, `2.5`.
    static func percent(_ share: Double) -> String {
        (share * 100).formatted(.number.precision(.fractionLength(0...2)).grouping(.never))
    }
}
