/// A goal evaluated on one run's medians.
struct RatioResult: Sendable {
    let goal: RatioGoal
    /// numerator median / denominator median.
    let value: Double

    /// Whether the ratio reaches its minimum (`nil` for an information-only ratio).
    var passed: Bool? {
        goal.minimum.map { value >= $0 }
    }

    /// Evaluates every goal whose two workloads were measured; the others (Apple's verifier without
    /// `TIENDA_PYTHON`) are left out.
    static func evaluate(_ goals: [RatioGoal], on measurements: [Measurement]) -> [RatioResult] {
        let medians = Dictionary(uniqueKeysWithValues: measurements.map { ($0.id, $0.median) })
        return goals.compactMap { goal in
            guard let numerator = medians[goal.numerator], let denominator = medians[goal.denominator],
                denominator > 0
            else { return nil }
            return RatioResult(goal: goal, value: numerator / denominator)
        }
    }
}
