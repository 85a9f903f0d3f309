/// Why the consumable ledger refused or failed.
public struct LedgerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure.
    public enum Code: String, Hashable, Sendable {
        /// The database failed; nothing was recorded.
        case storage
        /// The balance is lower than the amount to spend.
        case insufficientBalance
    }

    /// What kind of failure.
    public let code: Code
    /// What went wrong.
    public let reason: String

    /// Creates an error.
    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    /// Equal when the codes are.
    public static func == (lhs: LedgerError, rhs: LedgerError) -> Bool { lhs.code == rhs.code }

    /// Hashes the code.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// The reason.
    public var description: String { reason }
}
