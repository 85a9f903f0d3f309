import EntitlementServer
import Foundation
import StoreModel
import StoreStorage

// tienda-entitlements-bench: the entitlement server's throughput against references measured in the same run.
//
//   swift build -c release --product tienda-entitlements-bench
//   .build/release/tienda-entitlements-bench [--notifications N] [--postgres CONNINFO] [--seconds S]
//       [--backends sqlite,postgresql] [--skip-http] [--skip-lookups] [--rounds R]
//
// 1. verify-only: the signature work of ingest (notification + signed transaction + renewal info) on every core;
// 2. ingest through the pipeline (EntitlementService with 64 concurrent callers, group commit, durable writes)
//    and through the real HTTP server with wrk posting distinct notifications, on SQLite (synchronous=FULL) and
//    on PostgreSQL when a connection string is given (or TIENDA_PG_CONNINFO is set);
// 3. entitlement lookups over HTTP with wrk, against nginx serving a static file of the same bytes.
//
// On a shared machine the load moves during a run, so each ratio compares neighbours: the pipeline runs in R rounds
// (5 by default), each ingest run between two verify-only runs, and its ratio is against the mean of the two (a
// drift in the machine's speed during the round then moves both sides alike); the median of the rounds' ratios is
// reported with each round's. Each HTTP ingest run compares with the verify-only run right before it; lookups and
// nginx alternate in three rounds whose medians are compared.

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print(
        """
        tienda-entitlements-bench: the entitlement server's ingest and lookups against references measured in the same run.

        Usage: tienda-entitlements-bench [options]

          --notifications N      distinct notifications per pipeline run (default 12000)
          --rounds R             pipeline rounds per store, each an ingest into an empty database between two
                                 verify-only runs; the median of their ratios is reported with each round's (default 5)
          --concurrency C        concurrent callers of the pipeline (default 64, the figure docs/BENCHMARKS.md reports;
                                 other values are for diagnosis)
          --seconds S            length of each HTTP run with wrk (default 10)
          --postgres CONNINFO    also run on PostgreSQL (default: $TIENDA_PG_CONNINFO); each run uses a new schema
          --backends LIST        sqlite,postgresql (default both; PostgreSQL only with a connection string)
          --skip-http            leave out ingest over HTTP (needs wrk)
          --skip-lookups         leave out entitlement lookups against nginx (needs wrk and nginx)
          --threads              after each pipeline round, the machine's busy cores and this process's CPU by thread
                                 group (cooperative pool: verification and tasks; dispatch queues: the database's)

        Ratios compare ingest with verify-only (the signature work alone, on every core) measured next to it: a
        pipeline round against the mean of the verify-only runs before and after it, an HTTP run against the one
        before it. Each line also gives this process's CPU time per notification. See docs/BENCHMARKS.md.
        """)
    exit(0)
}
func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
let notificationCount = option("--notifications").flatMap(Int.init) ?? 12_000
let seconds = option("--seconds").flatMap(Int.init) ?? 10
let postgres = option("--postgres") ?? ProcessInfo.processInfo.environment["TIENDA_PG_CONNINFO"].flatMap { $0.isEmpty ? nil : $0 }
let selectedBackends = Set((option("--backends") ?? "sqlite,postgresql").lowercased().split(separator: ",").map(String.init))
let skipHTTP = arguments.contains("--skip-http")
let skipLookups = arguments.contains("--skip-lookups")
let rounds = max(option("--rounds").flatMap(Int.init) ?? 5, 1)
let concurrency = max(option("--concurrency").flatMap(Int.init) ?? 64, 1)
let showThreads = arguments.contains("--threads")

func report(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let store = try BenchmarkStore()
report("Signing \(notificationCount) notifications (and the same number again for the HTTP runs)…")
let pipelineBodies = try store.notifications(count: notificationCount, accounts: notificationCount / 6)
/// Verify-only, measured again next to each ingest run.
func verifyOnly() async throws -> Double {
    let (rate, cpu) = try await ProcessCPU.measure(items: pipelineBodies.count) {
        try await VerifyOnlyBenchmark.run(pipelineBodies, store: store)
    }
    report(String(format: "verify-only                     %8.0f notifications/s  (%.0f µs CPU each)", rate, cpu))
    return rate
}

let workspace = FileManager.default.temporaryDirectory.appending(path: "tienda-ent-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: workspace) }

struct Backend {
    var name: String
    var open: () async throws -> any SQLDatabase
    var drop: () async throws -> Void
}
var backends: [Backend] = []
if selectedBackends.contains("sqlite") {
    backends.append(
        Backend(
            name: "SQLite",
            open: { try SQLiteDatabase(path: workspace.appending(path: "bench-\(UUID().uuidString).sqlite").path) },
            drop: {}))
}
if let postgres, selectedBackends.contains("postgresql") {
    let settings = try await PostgreSQLDatabase(connectionString: postgres, poolSize: 1).query(
        "SELECT current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS sync, current_setting('server_version') AS version")
    if let row = settings.first {
        report("PostgreSQL \(try row.string("version")): fsync \(try row.string("fsync")), synchronous_commit \(try row.string("sync"))")
    }
    let schema = "bench_\(UUID().uuidString.lowercased().replacing("-", with: ""))"
    let administrator = try PostgreSQLDatabase(connectionString: postgres, poolSize: 1)
    backends.append(
        Backend(
            name: "PostgreSQL",
            open: {
                try await administrator.execute("DROP SCHEMA IF EXISTS \(schema) CASCADE")
                try await administrator.execute("CREATE SCHEMA \(schema)")
                return try PostgreSQLDatabase(connectionString: postgres, poolSize: 8, searchPath: schema)
            },
            drop: { try await administrator.execute("DROP SCHEMA IF EXISTS \(schema) CASCADE") }))
}

var lookupTarget: (process: EntitlementServerProcess, database: any SQLDatabase)?
let median = { (values: [Double]) in values.sorted()[values.count / 2] }
let listed = { (values: [Double], format: String) in values.map { String(format: format, $0) }.joined(separator: ", ") }
for backend in backends {
    // Rounds of ingest into an empty database, each between two verify-only runs (a round's second is the next one's
    // first); the ratio reported is the median of the rounds' ratios, each against the mean of its two verify-only
    // rates.
    var rates: [Double] = []
    var ratios: [Double] = []
    var cpus: [Double] = []
    var verifyBefore = try await verifyOnly()
    for _ in 0..<rounds {
        let database = try await backend.open()
        let threads = ThreadCPU()
        let (rate, cpu) = try await ProcessCPU.measure(items: pipelineBodies.count) {
            try await IngestBenchmark.pipeline(pipelineBodies, store: store, database: database, concurrency: concurrency)
        }
        let threadReport = threads.report()
        await database.close()
        let verifyAfter = try await verifyOnly()
        let reference = (verifyBefore + verifyAfter) / 2
        verifyBefore = verifyAfter
        report(String(format: "ingest pipeline, %-10@      %8.0f notifications/s  (%.2f× verify-only around it; %.0f µs CPU each in this process)",
                      backend.name, rate, rate / reference, cpu))
        if showThreads { report("  " + threadReport) }
        rates.append(rate)
        ratios.append(rate / reference)
        cpus.append(cpu)
    }
    if rounds > 1 {
        report(String(format: "ingest pipeline, %-10@      %8.0f notifications/s  (median of %d rounds: %.2f× verify-only, of %@; %.0f µs CPU each, of %@)",
                      backend.name, median(rates), rounds, median(ratios), listed(ratios, "%.2f"), median(cpus), listed(cpus, "%.0f")))
    }
    let rate = median(rates)
    if skipHTTP {
        try await backend.drop()
        continue
    }

    let httpDatabase = try await backend.open()
    let process = try await EntitlementServerProcess.start(configuration: store.configuration, database: httpDatabase)
    let httpBodies = try store.notifications(count: max(notificationCount, Int(rate * Double(seconds) * 1.5)), accounts: notificationCount / 6)
    let file = workspace.appending(path: "bodies.txt")
    try Data(httpBodies.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n").utf8).write(to: file)
    let script = workspace.appending(path: "post.lua")
    try Data(Wrk.rotatingPostScript.utf8).write(to: script)
    let verifyRate = try await verifyOnly()
    let result = try Wrk.run(
        url: "http://127.0.0.1:\(process.port)/v1/notifications", seconds: seconds, connections: 64,
        script: (script.path, [file.path, "2"]))
    let stored = try await httpDatabase.query("SELECT COUNT(*) AS n FROM ent_notifications").first?.int64("n") ?? 0
    let httpRate = Double(stored) / result.seconds
    report(String(format: "ingest over HTTP, %-10@     %8.0f notifications/s  (%.2f× verify-only; %d requests, %d non-2xx)",
                  backend.name, httpRate, httpRate / verifyRate, result.requests, result.failures))
    if lookupTarget == nil {
        lookupTarget = (process, httpDatabase)
    } else {
        await process.stop()
        await httpDatabase.close()
    }
    try await backend.drop()
}

if let (process, database) = lookupTarget, skipLookups {
    await process.stop()
    await database.close()
} else if let (process, database) = lookupTarget {
    let account = BenchmarkStore.account(3)
    let answer = try await process.service.entitlements(account: account)
    let body = try AppleJSON.encoder(sortedKeys: true).encode(answer)
    let url = "http://127.0.0.1:\(process.port)/v1/accounts/\(account)/entitlements"
    let nginx = try NginxReference(body: body)
    var lookupRates: [Double] = []
    var nginxRates: [Double] = []
    var failures = 0
    let round = max(seconds / 3, 2)
    for _ in 0..<3 {
        let lookups = try Wrk.run(url: url, seconds: round, connections: 64, headers: ["Authorization: Bearer \(BenchmarkStore.apiKey)"])
        lookupRates.append(lookups.requestsPerSecond)
        failures += lookups.failures
        nginxRates.append(try Wrk.run(url: nginx.url, seconds: round, connections: 64).requestsPerSecond)
    }
    nginx.stop()
    report(String(format: "entitlement lookups (SQLite)    %8.0f requests/s  (median of %@; %d non-2xx; answer %d bytes)",
                  median(lookupRates), listed(lookupRates, "%.0f"), failures, body.count))
    report(String(format: "nginx, static file, same size   %8.0f requests/s  (median of %@)", median(nginxRates), listed(nginxRates, "%.0f")))
    report(String(format: "lookups / nginx                 %8.2f×", median(lookupRates) / median(nginxRates)))
    await process.stop()
    await database.close()
}
