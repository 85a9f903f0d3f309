/// The one future moment a subscription chain waits for: its renewal, the end of its grace period, or the end
/// of billing retry. The engine keeps it in a queue ordered by date and fires it with
/// ``LifecycleEvent/dueEventFired(_:)``.
public struct LifecycleDueEvent: Hashable, Sendable, Codable {
    /// What happens when the moment comes.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// The current period ends: renew, fail to renew, or expire.
        case renewal
        /// The billing grace period ends (`GRACE_PERIOD_EXPIRED`).
        case gracePeriodEnd
        /// Billing retry ends without recovery (`EXPIRED/BILLING_RETRY`).
        case billingRetryEnd
    }

    /// What happens.
    public var kind: Kind
    /// When it happens.
    public var date: Timestamp

    /// Creates a due event.
    public init(kind: Kind, date: Timestamp) {
        self.kind = kind
        self.date = date
    }
}
