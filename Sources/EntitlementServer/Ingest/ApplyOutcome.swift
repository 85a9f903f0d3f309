/// What applying one piece of evidence did.
public struct ApplyOutcome: Hashable, Sendable {
    /// Whether the notification had been applied before (its UUID was known): nothing changed.
    public var duplicate: Bool
    /// Whether the evidence changed the stored state (false for a duplicate, or for a late notification older
    /// than what is stored, whose transactions are still recorded).
    public var advancedState: Bool
    /// Whether it moved the chain's timeline (false for a late notification older than the stored state, whose
    /// transaction was only recorded).
    public var appliedToTimeline: Bool
    /// The normalized events it produced, by id.
    public var eventIds: [String]
    /// The accounts whose answer may have changed.
    public var affectedAccounts: [String]

    /// Creates an outcome.
    public init(
        duplicate: Bool, advancedState: Bool, appliedToTimeline: Bool = false, eventIds: [String] = [],
        affectedAccounts: [String] = []
    ) {
        self.duplicate = duplicate
        self.advancedState = advancedState
        self.appliedToTimeline = appliedToTimeline
        self.eventIds = eventIds
        self.affectedAccounts = affectedAccounts
    }

    /// The outcome of a notification seen before.
    static let duplicateNotification = ApplyOutcome(duplicate: true, advancedState: false)
}
