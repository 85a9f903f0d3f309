/// Where a capability source stands. `active` and `grace_period` give access; the others do not.
public enum EntitlementState: String, Codable, Hashable, Sendable, CaseIterable, Comparable {
    /// Paid up (or a non-consumable, or a live promotional grant).
    case active
    /// A renewal failed and the billing grace period keeps access.
    case gracePeriod = "grace_period"
    /// A renewal failed; Apple keeps retrying, access is off.
    case billingRetry = "billing_retry"
    /// Ended.
    case expired
    /// Refunded or revoked (Family Sharing, or a promotional grant revoked by the developer).
    case revoked

    /// Whether this state gives access.
    public var grantsAccess: Bool { self == .active || self == .gracePeriod }

    /// Better states first: active, grace period, billing retry, expired, revoked.
    public static func < (lhs: EntitlementState, rhs: EntitlementState) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
