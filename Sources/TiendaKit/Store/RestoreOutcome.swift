/// What "Restore Purchases" found (seed 003): a button that changes nothing visible looks broken, so every
/// outcome is shown.
public enum RestoreOutcome: Hashable, Sendable {
    /// The account's purchases are back: this many products grant access.
    case restored(Int)
    /// The account has no purchases to restore (perhaps another Apple Account bought them).
    case noneFound
    /// The App Store could not be asked; the message says so.
    case failed(String)
    /// The customer cancelled the sign-in: not a failure, nothing to report.
    case cancelled
}
