import Foundation

/// Renders a ``RunReport`` as one JSON document (`--json`), for scripts and CI.
enum JSONReportEncoder {
    private struct Document: Encodable {
        struct Machine: Encodable {
            let cpuModel: String
            let logicalCores: Int
            let operatingSystem: String
            let openSSLVersion: String
            let loadAverageAtStart: Double?
            let loadAverageAtEnd: Double?
        }

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

        let machine: Machine
        let settings: Settings
        let payloadBytes: Int
        let jwsBytes: Int
        let results: [Result]
        let ratios: [Ratio]
        let appleSkippedReason: String?
        let allGoalsPassed: Bool
    }

    static func render(_ report: RunReport) throws -> String {
        let machine = report.machine
        let document = Document(
            machine: .init(
                cpuModel: machine.cpuModel, logicalCores: machine.logicalCores,
                operatingSystem: machine.operatingSystem, openSSLVersion: machine.openSSLVersion,
                loadAverageAtStart: machine.loadAtStart, loadAverageAtEnd: machine.loadAtEnd),
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
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(document), as: UTF8.self)
    }
}
