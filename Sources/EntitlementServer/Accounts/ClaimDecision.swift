/// What the restore policy decided when an account presented a transaction.
public enum ClaimDecision: Hashable, Sendable, Codable {
    /// The chain had no owner; the account now owns it.
    case linked
    /// The account already had it.
    case alreadyOwned
    /// Policy `transfer`: the account now owns it and the previous owners lost it.
    case transferred(from: [String])
    /// Policy `keep`: another account owns it and keeps it; this account gained nothing.
    case kept(owner: String)
    /// Policy `share`: the account has it alongside the owner.
    case shared(owner: String)

    /// A short name for the audit trail and API answers.
    public var name: String {
        switch self {
        case .linked: "linked"
        case .alreadyOwned: "already_owned"
        case .transferred: "transferred"
        case .kept: "kept_by_owner"
        case .shared: "shared"
        }
    }

    /// Whether the presenting account has access to the chain after the decision.
    public var grantsAccess: Bool {
        if case .kept = self { return false }
        return true
    }
}
