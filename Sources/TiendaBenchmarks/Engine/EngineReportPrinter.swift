import Foundation

/// Renders an ``EngineReport`` as plain-text tables.
enum EngineReportPrinter {
    static func render(_ report: EngineReport) -> String {
        let machine = report.machine
        let options = report.options
        let total = report.total
        let load = [machine.loadAtStart, machine.loadAtEnd].map { $0.map { String(format: "%.2f", $0) } ?? "?" }
        var lines: [String] = []
        lines.append("App Store engine (\(TextReportPrinter.grouped(Double(options.subscribers))) subscribers, \(options.months) months of monthly renewals)")
        lines.append("\(machine.cpuModel), \(machine.logicalCores) logical cores, \(machine.operatingSystem), \(machine.openSSLVersion), malloc: \(machine.allocator)")
        lines.append(
            "load average \(load[0]) at start, \(load[1]) at end; SQLite file (WAL, synchronous=NORMAL); \(options.lanes) signing "
                + "lanes; each month \(EngineBenchmarkOptions.percent(options.refundShare)) % refunded and resubscribed, "
                + "\(EngineBenchmarkOptions.percent(options.failureShare)) % billing failures recovered at the month's end"
                + (options.stepsPerPhase > 1
                    ? "; each phase in \(options.stepsPerPhase) steps, each followed by signing its payloads alone" : ""))
        lines.append(String(format: "accounts created in %.1f s (no signing; not measured below)", report.accounts.wall))
        lines.append("")
        var rows = report.phases.map(row)
        rows.append(row(total))
        lines += table(
            header: ["Phase", "events", "notifications", "signed", "engine s", "engine CPU s", "alone s", "alone CPU s", "CPU ratio", "wall ratio"],
            rows: rows)
        lines.append("events = transactions created + notifications; signed = JWS payloads (3 per notification, 1 per purchase answer)")
        lines.append("")
        let perEvent = total.engine.wall / Double(max(1, total.events))
        lines.append(String(
            format: "Total: %.1f s wall, %.1f s CPU for %@ events (%@ events/s); signing the same %@ payloads alone: %.1f s wall, %.1f s CPU",
            total.engine.wall, total.engine.cpu, TextReportPrinter.grouped(Double(total.events)),
            TextReportPrinter.grouped(1 / perEvent), TextReportPrinter.grouped(Double(total.signedPayloads)), total.baseline.wall,
            total.baseline.cpu))
        let renewals = Double(max(1, report.monthlyTransactions))
        let monthsTotal = report.months
        lines.append(String(
            format: "Per renewal (months only): %.0f µs CPU in the engine (%.0f µs of it system), %.0f µs CPU signing alone "
                + "(%.0f µs system)",
            monthsTotal.engine.cpu / renewals * 1e6, monthsTotal.engine.system / renewals * 1e6,
            monthsTotal.baseline.cpu / renewals * 1e6, monthsTotal.baseline.system / renewals * 1e6))
        if let calls = callsLine(monthsTotal) { lines.append(calls) }
        lines.append(String(
            format: "Ratio, engine CPU / signing alone CPU: %.2f× overall (median of the phases %.2f×; wall %.2f×), goal ≤ %.2f×: %@",
            total.cpuRatio, report.medianCPURatio, total.wallRatio, EngineReport.ratioGoal, report.ratioPassed ? "PASS" : "FAIL"))
        let peak = report.peakResidentBytes.map { String(format: "%.0f MiB", Double($0) / 1_048_576) } ?? "unknown"
        lines.append(
            "Peak memory (VmHWM): \(peak) with \(TextReportPrinter.grouped(Double(report.transactionsStored))) transactions stored, "
                + "goal < 1 GiB: \(report.memoryPassed ? "PASS" : "FAIL")")
        lines.append(String(
            format: "Disk: %.2f GB (engine.sqlite and its log), %.1f KB per transaction", Double(report.databaseBytes) / 1e9,
            Double(report.databaseBytes) / Double(max(1, report.transactionsStored)) / 1000))
        let single = report.singleSubscriber
        lines.append("")
        lines.append(String(
            format: "Single-subscriber year (%@: %d steps, %d transactions, %d notifications), median of %d runs: "
                + "%.1f ms wall / %.1f ms CPU in memory, %.1f ms wall / %.1f ms CPU on a SQLite file",
            single.file, single.steps, single.transactions, single.notifications, single.runs, single.inMemory.wall * 1000,
            single.inMemory.cpu * 1000, single.sqliteFile.wall * 1000, single.sqliteFile.cpu * 1000))
        return lines.joined(separator: "\n")
    }

    /// What one item of each kind of call cost in `phase` (its signing included), and the kind's share of the
    /// phase's engine CPU: `nil` when no call was measured.
    private static func callsLine(_ phase: EnginePhase) -> String? {
        let parts = EngineWorkload.CallKind.allCases.compactMap { kind -> String? in
            guard let tally = phase.calls[kind], tally.items > 0 else { return nil }
            return String(
                format: "%@ %@ at %.0f µs (%.0f %%)", TextReportPrinter.grouped(Double(tally.items)), kind.label,
                tally.span.cpu / Double(tally.items) * 1e6, tally.span.cpu / max(phase.engine.cpu, 1e-9) * 100)
        }
        guard !parts.isEmpty else { return nil }
        return "By call (months only; CPU per item with its signing, share of the engine's CPU): "
            + parts.joined(separator: ", ")
    }

    private static func row(_ phase: EnginePhase) -> [String] {
        [
            phase.name, TextReportPrinter.grouped(Double(phase.events)), TextReportPrinter.grouped(Double(phase.notifications)),
            TextReportPrinter.grouped(Double(phase.signedPayloads)), String(format: "%.1f", phase.engine.wall),
            String(format: "%.1f", phase.engine.cpu), String(format: "%.1f", phase.baseline.wall),
            String(format: "%.1f", phase.baseline.cpu), String(format: "%.2f×", phase.cpuRatio), String(format: "%.2f×", phase.wallRatio),
        ]
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
        return [line(header), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")] + rows.map(line)
    }
}
