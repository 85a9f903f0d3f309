import AppStoreScenarios
import Foundation

/// A one-line progress bar on standard error for long scenario runs: it appears once a run has taken half a
/// second, redraws at most ten times a second, and steps aside while the timeline prints.
final class ProgressBar {
    let output: Output
    /// Whether to draw at all (standard error is a terminal and the command is not quiet).
    let enabled: Bool
    private let started = Date()
    private var lastDraw = Date.distantPast
    private var shown = false
    private var latest: ScenarioProgress?

    init(output: Output, enabled: Bool) {
        self.output = output
        self.enabled = enabled
    }

    /// Records progress and redraws when due.
    func update(_ progress: ScenarioProgress) {
        latest = progress
        let now = Date()
        guard enabled, now.timeIntervalSince(started) >= 0.5, now.timeIntervalSince(lastDraw) >= 0.1 else { return }
        draw(progress)
        lastDraw = now
    }

    /// Runs `body` (which prints to standard output) with the bar erased, then draws it again.
    func whileHidden(_ body: () -> Void) {
        let wasShown = shown
        clear()
        body()
        if wasShown, let latest { draw(latest) }
    }

    /// Erases the bar for good.
    func finish() { clear() }

    private func draw(_ progress: ScenarioProgress) {
        let width = 30
        let filled = Int((progress.fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let percent = String(Int((progress.fraction * 100).rounded(.down))).leftPadded(to: 3, with: " ")
        let clock = TimelineInstant(progress.now).description
        let step = min(progress.stepsDone + 1, progress.stepsTotal)
        FileHandle.standardError.write(Data("\r\u{1B}[K\(percent)% \(bar) step \(step)/\(progress.stepsTotal) · \(clock)".utf8))
        shown = true
    }

    private func clear() {
        guard shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        shown = false
    }
}

extension String {
    /// The string with `character` added in front until it has `width` characters.
    func leftPadded(to width: Int, with character: Character) -> String {
        count >= width ? self : String(repeating: character, count: width - count) + self
    }
}
