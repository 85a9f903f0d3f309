import AppStoreScenarios
import Foundation

/// A one-line progress bar on standard error for long scenario runs: on a terminal it appears once a run has taken
/// half a second; asked for (`--progress`) it is drawn from the start wherever standard error goes. It redraws at
/// most ten times a second and steps aside while the timeline prints.
final class ProgressBar {
    /// When the bar is drawn.
    enum Mode: Equatable {
        /// Only when standard error is a terminal and the run is not quiet (the default).
        case automatic
        /// Always (`--progress`), even when standard error is a file or a pipe.
        case always
        /// Never (`--no-progress`).
        case never

        /// How long a run must have taken before the bar appears, or nil when it never does.
        func appearanceDelay(standardErrorIsTerminal: Bool, quiet: Bool) -> Double? {
            switch self {
            case .always: 0
            case .never: nil
            case .automatic: standardErrorIsTerminal && !quiet ? 0.5 : nil
            }
        }
    }

    let output: Output
    /// Whether to draw at all.
    var enabled: Bool { appearanceDelay != nil }
    /// Seconds before the first draw, or nil when the bar is off.
    private let appearanceDelay: Double?
    private let started = Date()
    private var lastDraw = Date.distantPast
    private var shown = false
    private var latest: ScenarioProgress?

    init(output: Output, appearanceDelay: Double?) {
        self.output = output
        self.appearanceDelay = appearanceDelay
    }

    /// Records progress and redraws when due.
    func update(_ progress: ScenarioProgress) {
        latest = progress
        let now = Date()
        guard let appearanceDelay, now.timeIntervalSince(started) >= appearanceDelay, now.timeIntervalSince(lastDraw) >= 0.1
        else { return }
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
