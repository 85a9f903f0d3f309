/// How moving from one subscription of a group to another takes effect (subscription-lifecycle.md §3.1).
public enum PlanChange: String, Hashable, Sendable, CaseIterable {
    /// The same product.
    case none
    /// A higher level (smaller `groupNumber`), at any duration: immediate, subtype `UPGRADE`.
    case upgrade
    /// The same level and the same duration: immediate, like an upgrade (subtype `UPGRADE`).
    case crossgradeImmediately
    /// The same level and another duration: at the next renewal, like a downgrade (subtype `DOWNGRADE`).
    case crossgradeAtRenewal
    /// A lower level (larger `groupNumber`): at the next renewal, subtype `DOWNGRADE`.
    case downgrade

    /// Classifies a move between two subscriptions of the same group.
    public init(from current: StoreKitSubscription, to target: StoreKitSubscription) {
        if current.productID == target.productID {
            self = .none
        } else if target.groupNumber < current.groupNumber {
            self = .upgrade
        } else if target.groupNumber > current.groupNumber {
            self = .downgrade
        } else if target.recurringSubscriptionPeriod == current.recurringSubscriptionPeriod {
            self = .crossgradeImmediately
        } else {
            self = .crossgradeAtRenewal
        }
    }

    /// Whether the change takes effect now, with a new transaction and billing period.
    public var isImmediate: Bool { self == .upgrade || self == .crossgradeImmediately }

    /// The subtype of the notification that announces the change.
    public var subtype: Subtype? {
        switch self {
        case .none: return nil
        case .upgrade, .crossgradeImmediately: return .upgrade
        case .crossgradeAtRenewal, .downgrade: return .downgrade
        }
    }
}
