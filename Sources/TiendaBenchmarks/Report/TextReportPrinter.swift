import Foundation

/// Renders a ``RunReport`` as aligned plain-text tables: the measured rates, then the ratios and their goals.
enum TextReportPrinter {
    static func render(_ report: RunReport) -> String {
        var lines: [String] = []
        let machine = report.machine
        lines.append("Crypto (JWS signing and verification)")
        lines.append(
            "\(machine.cpuModel), \(machine.logicalCores) logical cores, \(machine.operatingSystem), "
                + machine.openSSLVersion + ", malloc: " + machine.allocator)
        let load = [machine.loadAtStart, machine.loadAtEnd].map { $0.map { String(format: "%.2f", $0) } ?? "?" }
        lines.append(
            "\(report.settings.rounds) interleaved rounds × \(format(seconds: report.settings.roundSeconds)) per "
                + "workload, one thread, median of the rounds; load average \(load[0]) at start, \(load[1]) at end")
        lines.append(
            "payload: \(report.payloadBytes)-byte JWSTransactionDecodedPayload JSON; JWS: \(report.jwsBytes) bytes "
                + "(x5c of three certificates)")
        lines.append("")
        lines.append(contentsOf: measurementTable(report.measurements))
        lines.append("spread: (max − min) / median over the rounds; on CPU: median share of a round the thread ran")
        if let reason = report.appleSkippedReason {
            lines.append("Apple Python SignedDataVerifier: not measured (\(reason))")
        }
        lines.append("")
        lines.append("One operation of each workload:")
        for measurement in report.measurements {
            lines.append("  \(measurement.label): \(measurement.detail)")
        }
        lines.append("")
        lines.append(contentsOf: ratioTable(report.ratios))
        lines.append("")
        let goals = report.ratios.filter { $0.goal.minimum != nil }
        let failed = goals.filter { $0.passed == false }.count
        lines.append(
            goals.isEmpty ? "No goal evaluated (a goal needs both of its workloads)."
                : "Goals met: \(goals.count - failed) of \(goals.count)\(failed == 0 ? "." : " (\(failed) NOT met).")")
        return lines.joined(separator: "\n")
    }

    private static func measurementTable(_ measurements: [Measurement]) -> [String] {
        let rows = measurements.map { measurement in
            [
                measurement.label, grouped(measurement.median), grouped(measurement.samples.min() ?? 0),
                grouped(measurement.samples.max() ?? 0), String(format: "%.1f%%", measurement.relativeSpread * 100),
                measurement.medianCPUShare.map { String(format: "%.0f%%", $0 * 100) } ?? "—",
            ]
        }
        return table(header: ["Workload", "median/s", "min/s", "max/s", "spread", "on CPU"], rows: rows)
    }

    private static func ratioTable(_ ratios: [RatioResult]) -> [String] {
        let rows = ratios.map { ratio in
            [
                ratio.goal.label, String(format: "%.2f×", ratio.value),
                ratio.goal.minimum.map { String(format: "≥ %.2f×", $0) } ?? "—",
                ratio.passed.map { $0 ? "PASS" : "FAIL" } ?? "info",
            ]
        }
        return table(header: ["Ratio (medians)", "value", "goal", "result"], rows: rows)
    }

    /// Left-aligns the first column and right-aligns the others.
    private static func table(header: [String], rows: [[String]]) -> [String] {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return [line(header), rule] + rows.map(line)
    }

    /// A rate rounded to a whole number with thousands separators: `12,345`.
    static func grouped(_ value: Double) -> String {
        let digits = String(Int(value.rounded()))
        var result = ""
        for (index, character) in digits.reversed().enumerated() {
            if index > 0, index.isMultiple(of: 3) { result.append(",") }
            result.append(character)
        }
        return String(result.reversed())
    }

    private static func format(seconds: Double) -> String {
        seconds == seconds.rounded() ? String(format: "%.0f s", seconds) : String(format: "%.2f s", seconds)
    }
}
