/// How long and how often each workload is measured.
struct RoundSettings: Sendable {
    /// Timed rounds per workload; the reported figure is the median over them.
    var rounds: Int
    /// Seconds per round.
    var roundSeconds: Double
    /// Untimed seconds each in-process workload runs before the first round.
    var warmUpSeconds: Double

    /// 7 rounds of 1 s after 0.5 s of warm-up: the figures for `docs/BENCHMARKS.md`.
    static let full = RoundSettings(rounds: 7, roundSeconds: 1, warmUpSeconds: 0.5)
    /// 3 rounds of 0.25 s: a quick check that everything runs, with noisier figures.
    static let quick = RoundSettings(rounds: 3, roundSeconds: 0.25, warmUpSeconds: 0.1)
}
