/// What one step did: its transactions and notifications, the results of its checks, and any refusal.
public struct TimelineStep: Hashable, Sendable, Encodable {
    /// The position in `steps`.
    public var index: Int
    /// `steps[index]`.
    public var path: String
    /// The `do` value.
    public var kind: String
    /// A one-line summary.
    public var summary: String
    /// The clock when the step started and when it ended.
    public var start: TimelineInstant
    public var end: TimelineInstant
    /// Transactions created or changed, in time order.
    public var transactions: [TimelineTransaction]
    /// Notifications raised, in outbox order.
    public var notifications: [TimelineNotification]
    /// Other things that happened: an Ask to Buy request waiting, a transaction finished.
    public var notes: [String]
    /// The checks of an `expect` step.
    public var expectations: [ExpectationResult]
    /// Why the engine refused the step, when it did (the run stops there).
    public var failure: String?

    /// Whether the step was refused or a check failed.
    public var failed: Bool { failure != nil || expectations.contains { !$0.passed } }
}
