import StoreModel

/// How far a run is: reported after every step and, within `advance` steps, as the clock moves.
public struct ScenarioProgress: Hashable, Sendable {
    /// Steps finished.
    public var stepsDone: Int
    /// Steps in the scenario.
    public var stepsTotal: Int
    /// How far the current step is, from 0 to 1 (`advance` steps move through their span).
    public var stepFraction: Double
    /// The virtual clock.
    public var now: Timestamp

    /// The share of the whole run done, from 0 to 1, counting steps equally.
    public var fraction: Double {
        guard stepsTotal > 0 else { return 1 }
        return min(1, (Double(stepsDone) + stepFraction) / Double(stepsTotal))
    }
}
