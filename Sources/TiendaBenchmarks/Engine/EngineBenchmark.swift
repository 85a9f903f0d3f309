import AppStoreEngine
import Foundation
import StoreCrypto
import StoreModel

/// The engine benchmark: the subscribers' year phase by phase, each phase followed by its signing baseline, then
/// the single-subscriber scenario.
struct EngineBenchmark {
    let options: EngineBenchmarkOptions
    /// Called with a line of progress for standard error.
    var progress: (String) -> Void = { _ in }

    func run() async throws -> EngineReport {
        var machine = MachineDescription.current()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tienda-bench-engine-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (engine, census, workload) = try await open(in: directory)
        let baseline = try SigningBaseline(signer: engine.certificateAuthority.signer, lanes: options.lanes)

        progress("creating \(options.subscribers) accounts")
        let accounts = try await Span.measure { try await workload.createAccounts(options.subscribers) }.1
        var counts = try await census.counts()
        var phases: [EnginePhase] = []
        // Each step of a phase (the whole phase by default) is followed by signing its own payloads alone.
        func measure(_ name: String, steps: [EngineWorkload.Step]) async throws {
            var phase = EnginePhase(name: name)
            for step in steps {
                let ((operations, dueEvents), engineSpan) = try await Span.measure(step.run)
                let calls = workload.takeCalls()
                let after = try await census.counts(after: counts)
                let notifications = after.notifications - counts.notifications
                let rows = try await census.notificationPayloads(
                    after: counts.lastSequence, through: after.lastSequence, limit: options.sampleSize)
                let sample = try PayloadSample.jobs(from: rows)
                let baselineSpan = baseline.sign(count: Int(notifications), from: sample)
                    + baseline.sign(count: step.purchases, from: sample.map { [$0[0]] })
                phase.add(EnginePhase(
                    name: name, steps: 1, operations: operations, dueEvents: dueEvents, notifications: notifications,
                    transactionsCreated: after.transactions - counts.transactions,
                    signedPayloads: 3 * notifications + Int64(step.purchases), engine: engineSpan, baseline: baselineSpan,
                    calls: calls))
                counts = after
            }
            phases.append(phase)
            progress(String(
                format: "%@: %lld events, engine %.1f s (CPU %.1f s, system %.1f s), signing alone %.1f s (CPU %.1f s, "
                    + "system %.1f s), CPU ratio %.2f×",
                name, phase.events, phase.engine.wall, phase.engine.cpu, phase.engine.system, phase.baseline.wall,
                phase.baseline.cpu, phase.baseline.system, phase.cpuRatio))
        }

        try await measure("purchases", steps: workload.purchaseSteps(parts: options.stepsPerPhase))
        for month in 1...options.months {
            let choice = try await workload.choose(refundShare: options.refundShare, failureShare: options.failureShare)
            try await measure(
                "month \(month)",
                steps: workload.monthSteps(
                    month, refunds: choice.refunds, failures: choice.failures, parts: options.stepsPerPhase))
        }
        let peak = ProcessUsage.peakResidentBytes()
        let disk = census.fileBytes()
        await census.close()
        await engine.close()

        progress("single-subscriber scenario, \(options.scenarioRuns) runs")
        let single = try await SingleSubscriberBenchmark(
            scenarioURL: URL(fileURLWithPath: options.scenario), runs: options.scenarioRuns).run()
        machine.loadAtEnd = MachineDescription.loadAverage()
        return EngineReport(
            machine: machine, options: options, accounts: accounts, phases: phases, transactionsStored: counts.transactions,
            peakResidentBytes: peak, databaseBytes: disk, singleSubscriber: single)
    }

    /// `--storage-floor`: the accounts and the purchases through the engine, then the months as rows alone
    /// (``StorageFloor``), `report` called after each month.
    func runStorageFloor(report: (Int, StorageFloor.Month) -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tienda-bench-floor-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (engine, census, workload) = try await open(in: directory)
        progress("creating \(options.subscribers) accounts")
        _ = try await workload.createAccounts(options.subscribers)
        progress("purchases")
        _ = try await workload.purchaseAll()
        await census.close()
        await engine.close()
        let batch = engineConfiguration(in: directory, clock: VirtualClock(now: .referenceDate)).dueEventBatchSize
        try await StorageFloor(directory: directory, eventsPerTransaction: batch).run(months: options.months, report: report)
    }

    /// `--engine-only`: the accounts, the purchases and the months through the engine as the benchmark runs them,
    /// without signing alone, its sample of payloads or the single-subscriber scenario, `report` called after each
    /// phase with its notifications and the engine's time. A profile or an instruction count of this run is the
    /// engine's alone (the benchmark's own reads of the outbox would otherwise be a large part of a small run).
    func runEngineOnly(report: (String, Int64, Span) -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tienda-bench-engine-only-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (engine, census, workload) = try await open(in: directory)
        progress("creating \(options.subscribers) accounts")
        _ = try await workload.createAccounts(options.subscribers)
        var counts = try await census.counts()
        func measure(_ name: String, steps: [EngineWorkload.Step]) async throws {
            var span = Span.zero
            for step in steps { span = span + (try await Span.measure(step.run)).1 }
            let after = try await census.counts(after: counts)
            report(name, after.notifications - counts.notifications, span)
            counts = after
        }
        try await measure("purchases", steps: workload.purchaseSteps(parts: 1))
        for month in 1...options.months {
            let choice = try await workload.choose(refundShare: options.refundShare, failureShare: options.failureShare)
            try await measure(
                "month \(month)",
                steps: workload.monthSteps(month, refunds: choice.refunds, failures: choice.failures, parts: 1))
        }
        await census.close()
        await engine.close()
    }

    /// The engine on a SQLite file in `directory`, with the benchmark's app, and the workload that drives it.
    private func open(in directory: URL) async throws -> (AppStoreEngine, OutboxCensus, EngineWorkload) {
        let clock = VirtualClock(now: .referenceDate)
        let engine = try await AppStoreEngine(configuration: engineConfiguration(in: directory, clock: clock))
        try await engine.registerApp(AppRegistration(
            bundleId: EngineWorkload.bundleId, catalogFile: URL(fileURLWithPath: options.catalog)))
        try await engine.updateSettings(bundleId: EngineWorkload.bundleId) { $0.billingGracePeriodEnabled = true }
        let census = try OutboxCensus(directory: directory)
        return (engine, census, EngineWorkload(engine: engine, clock: clock, census: census, seed: options.seed))
    }

    /// The engine's configuration: a SQLite file in `directory`, the options' signing lanes, the rest by default.
    private func engineConfiguration(in directory: URL, clock: VirtualClock) -> AppStoreEngine.Configuration {
        .init(storage: .stateDirectory(directory), clock: clock, signingConcurrency: options.lanes)
    }
}
