/// What one reconciler run found and did.
public struct ReconcileReport: Codable, Hashable, Sendable {
    /// Notification History items read.
    public var historyItems: Int
    /// Subscription status items read.
    public var statusItems: Int
    /// Items that changed state (notifications missed before, newer statuses).
    public var applied: Int
    /// Items already known (duplicates or older than the stored state).
    public var alreadyKnown: Int
    /// Items refused (not verifiable, foreign), and API failures, as messages.
    public var problems: [String]

    /// Creates a report.
    public init(historyItems: Int = 0, statusItems: Int = 0, applied: Int = 0, alreadyKnown: Int = 0, problems: [String] = []) {
        self.historyItems = historyItems
        self.statusItems = statusItems
        self.applied = applied
        self.alreadyKnown = alreadyKnown
        self.problems = problems
    }
}
