import AppStoreScenarios
import StoreModel
import Foundation

/// Prints a scenario run as it happens: a table of TIME, STEP and EVENT rows, JSON Lines, or only failures.
final class TimelinePrinter {
    enum Mode {
        case table, jsonLines, quiet
    }

    let scenario: Scenario
    let output: Output
    let mode: Mode
    private let events: TimelineEventText
    private let stepWidth: Int
    private var lastTime: String?
    private var failures: [String] = []

    /// Columns wider than this are cut with `…`.
    private static let maximumStepWidth = 44

    init(scenario: Scenario, output: Output, mode: Mode) {
        self.scenario = scenario
        self.output = output
        self.mode = mode
        events = TimelineEventText(bundleId: scenario.bundleId)
        stepWidth = min(Self.maximumStepWidth, scenario.steps.map { Self.stepLabel($0.index, $0.summary).count }.max() ?? 4)
    }

    /// The header: the scenario and the column titles.
    func start() {
        switch mode {
        case .quiet: return
        case .jsonLines: printJSONLine(["scenario": TimelineHeader(scenario)])
        case .table:
            output.print("Scenario \"\(scenario.name)\" (\(scenario.fileName))")
            if let description = scenario.description { output.print("  \(description)") }
            output.print(
                "  \(scenario.bundleId) (\(scenario.environment.rawValue)) with \(scenario.catalogName); clock starts "
                    + "\(TimelineInstant(scenario.start)) UTC; accounts: \(scenario.accounts.map(\.id).joined(separator: ", "))")
            output.print()
            output.print(row("TIME", "STEP", "EVENT"))
        }
    }

    /// One step's rows.
    func print(_ step: TimelineStep) {
        for result in step.expectations where !result.passed {
            failures.append("error: \(scenario.fileName): \(result.path): \(result.description)")
            failures += events.expectation(result).dropFirst()
        }
        if let failure = step.failure { failures.append("error: \(failure)") }
        switch mode {
        case .quiet: return
        case .jsonLines: printJSONLine(["step": step])
        case .table: printRows(of: step)
        }
    }

    /// The summary, and the failures again on standard error.
    func finish(_ outcome: ScenarioOutcome) {
        switch mode {
        case .jsonLines: printJSONLine(["summary": outcome])
        case .table:
            output.print()
            output.print("+ transaction created  ~ transaction changed  » notification (status: data.status)  ✓ ✗ expectations")
            output.print(summary(outcome))
        case .quiet: break
        }
        for line in failures { output.error(line) }
    }

    private func printRows(of step: TimelineStep) {
        var rows: [(TimelineInstant, String)] = []
        var transactions = step.transactions[...]
        for notification in step.notifications {
            while let next = transactions.first, next.time <= notification.time {
                rows.append((next.time, events.transaction(next)))
                transactions.removeFirst()
            }
            rows.append((notification.time, events.notification(notification)))
        }
        rows += transactions.map { ($0.time, events.transaction($0)) }
        rows += step.notes.map { (step.end, "· \($0)") }
        for result in step.expectations { rows += events.expectation(result).map { (step.end, $0) } }
        if let failure = step.failure {
            let prefix = "\(scenario.fileName): \(step.path): "
            rows.append((step.end, "✗ refused " + (failure.hasPrefix(prefix) ? String(failure.dropFirst(prefix.count)) : failure)))
        }
        if rows.isEmpty { rows.append((step.end, "· nothing happened")) }
        var label = Self.stepLabel(step.index, step.summary)
        if label.count > stepWidth { label = String(label.prefix(stepWidth - 1)) + "…" }
        for (position, row) in rows.enumerated() {
            let time = row.0.description
            output.print(self.row(time == lastTime ? "" : time, position == 0 ? label : "", row.1))
            lastTime = time
        }
    }

    private func row(_ time: String, _ step: String, _ event: String) -> String {
        "  " + time.padding(toLength: 19, withPad: " ", startingAt: 0) + "  "
            + step.padding(toLength: stepWidth, withPad: " ", startingAt: 0) + "  " + event
    }

    private func summary(_ outcome: ScenarioOutcome) -> String {
        var parts = ["\(outcome.stepsRun) of \(outcome.stepsTotal) steps"]
        parts.append("\(outcome.transactionsCreated) transactions created, \(outcome.transactionsUpdated) changed")
        parts.append("\(outcome.notifications) notifications")
        let checks = outcome.expectationsPassed + outcome.expectationsFailed
        if checks > 0 {
            parts.append(outcome.expectationsFailed == 0
                ? "\(checks) of \(checks) expectations met" : "\(outcome.expectationsFailed) of \(checks) expectations FAILED")
        }
        if outcome.failure != nil { parts.append("a step was REFUSED") }
        return parts.joined(separator: " · ")
    }

    private static func stepLabel(_ index: Int, _ summary: String) -> String { "\(index) \(summary)" }

    private func printJSONLine(_ value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return }
        output.print(String(decoding: data, as: UTF8.self))
    }
}
