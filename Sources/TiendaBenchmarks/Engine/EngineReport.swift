/// Everything one engine benchmark run produced.
struct EngineReport: Sendable {
    /// The goal for engine CPU time over signing alone.
    static let ratioGoal = 1.5
    /// The goal for peak memory.
    static let memoryGoalBytes: Int64 = 1 << 30

    let machine: MachineDescription
    let options: EngineBenchmarkOptions
    /// Creating the accounts (no signing; outside the ratio).
    let accounts: Span
    let phases: [EnginePhase]
    let transactionsStored: Int64
    let peakResidentBytes: Int64?
    let databaseBytes: Int64
    let singleSubscriber: SingleSubscriberBenchmark.Result

    /// The purchases and every month.
    var total: EnginePhase { Self.sum(phases, named: "total") }

    /// Every month, without the purchases.
    var months: EnginePhase { Self.sum(phases.dropFirst(), named: "months") }

    private static func sum(_ phases: some Sequence<EnginePhase>, named name: String) -> EnginePhase {
        var sum = EnginePhase(name: name)
        for phase in phases { sum.add(phase) }
        return sum
    }

    /// The median of the phases' CPU ratios.
    var medianCPURatio: Double { Measurement.median(phases.map(\.cpuRatio)) }

    var ratioPassed: Bool { total.cpuRatio <= Self.ratioGoal }

    var memoryPassed: Bool { (peakResidentBytes ?? 0) < Self.memoryGoalBytes }

    /// Renewals: the transactions the months created (renewals, recoveries and resubscriptions).
    var monthlyTransactions: Int64 { months.transactionsCreated }
}
