/// What happens when a transaction already owned by account A is presented by account B (a restore on another
/// account, or a shared Apple ID). Every decision is recorded in the ownership audit trail.
public enum RestorePolicy: String, Hashable, Sendable, CaseIterable {
    /// B becomes the owner and A loses access (RevenueCat's default).
    case transfer
    /// A keeps it; B is told who owns it and gains nothing.
    case keep
    /// Both have access; consumable credits stay with the first owner.
    case share
}
