/// How a run ended.
public struct ScenarioOutcome: Hashable, Sendable, Encodable {
    /// Steps run (a refused step counts; steps after it do not run).
    public var stepsRun: Int
    /// Steps in the scenario.
    public var stepsTotal: Int
    /// Transactions created and updated.
    public var transactionsCreated: Int
    public var transactionsUpdated: Int
    /// Notifications raised.
    public var notifications: Int
    /// Checks of `expect` steps that held and that failed.
    public var expectationsPassed: Int
    public var expectationsFailed: Int
    /// The refused step's error, if a step was refused.
    public var failure: String?
    /// The clock at the end.
    public var end: TimelineInstant

    /// Whether every step ran and every check held.
    public var passed: Bool { failure == nil && expectationsFailed == 0 }
}
