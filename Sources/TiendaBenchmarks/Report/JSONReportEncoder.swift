import Foundation

/// Renders a ``RunReport`` as one JSON document (`--json`), for scripts and CI.
enum JSONReportEncoder {
    private struct Document: Encodable {
        struct Settings: Encodable {
            let rounds: Int
            let roundSeconds: Double
            let warmUpSeconds: Double
        }

        struct Result: Encodable {
            let id: String
            let label: String
            let detail: String
            let medianPerSecond: Double
            let samplesPerSecond: [Double]
            let cpuShares: [Double]?
        }

        struct Ratio: Encodable {
            let id: String
            let label: String
            let numerator: String
            let denominator: String
            let value: Double
            let minimum: Double?
            let passed: Bool?
        }

        let machine: MachineDescription
        let settings: Settings
        let payloadBytes: Int
        let jwsBytes: Int
        let results: [Result]
        let ratios: [Ratio]
        let appleSkippedReason: String?
        let allGoalsPassed: Bool
    }

    static func render(_ report: RunReport) throws -> String {
        let document = Document(
            machine: report.machine,
            settings: .init(
                rounds: report.settings.rounds, roundSeconds: report.settings.roundSeconds,
                warmUpSeconds: report.settings.warmUpSeconds),
            payloadBytes: report.payloadBytes, jwsBytes: report.jwsBytes,
            results: report.measurements.map {
                .init(id: $0.id, label: $0.label, detail: $0.detail, medianPerSecond: $0.median, samplesPerSecond: $0.samples,
                    cpuShares: $0.cpuShares)
            },
            ratios: report.ratios.map {
                .init(
                    id: $0.goal.id, label: $0.goal.label, numerator: $0.goal.numerator,
                    denominator: $0.goal.denominator, value: $0.value, minimum: $0.goal.minimum, passed: $0.passed)
            },
            appleSkippedReason: report.appleSkippedReason, allGoalsPassed: report.allGoalsPassed)
        return try prettyJSON(document)
    }

    /// `value` as indented JSON with sorted keys, the form of every `--json` report.
    static func prettyJSON(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
