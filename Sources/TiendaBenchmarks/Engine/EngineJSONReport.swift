import Foundation

/// Renders an ``EngineReport`` as one JSON document (`tienda-bench engine --json`).
enum EngineJSONReport {
    private struct Document: Encodable {
        let machine: MachineDescription
        let subscribers: Int
        let months: Int
        let lanes: Int
        let stepsPerPhase: Int
        let seed: UInt64
        let accounts: Span
        let phases: [EnginePhase]
        let total: EnginePhase
        let cpuRatio: Double
        let medianPhaseCPURatio: Double
        let wallRatio: Double
        let ratioGoal: Double
        let ratioPassed: Bool
        let transactionsStored: Int64
        let peakResidentBytes: Int64?
        let memoryPassed: Bool
        let databaseBytes: Int64
        let singleSubscriber: SingleSubscriberBenchmark.Result
    }

    static func render(_ report: EngineReport) throws -> String {
        let total = report.total
        let document = Document(
            machine: report.machine,
            subscribers: report.options.subscribers, months: report.options.months, lanes: report.options.lanes,
            stepsPerPhase: report.options.stepsPerPhase,
            seed: report.options.seed, accounts: report.accounts, phases: report.phases, total: total, cpuRatio: total.cpuRatio,
            medianPhaseCPURatio: report.medianCPURatio, wallRatio: total.wallRatio, ratioGoal: EngineReport.ratioGoal,
            ratioPassed: report.ratioPassed, transactionsStored: report.transactionsStored,
            peakResidentBytes: report.peakResidentBytes, memoryPassed: report.memoryPassed, databaseBytes: report.databaseBytes,
            singleSubscriber: report.singleSubscriber)
        return try JSONReportEncoder.prettyJSON(document)
    }
}
