/// One step of the story of how an account got where it is: a notification applied, an ownership decision, a
/// ledger entry or a promotional grant.
public struct HistoryEntry: Codable, Hashable, Sendable {
    /// When it happened (milliseconds): the evidence's `signedDate`, or when the server decided.
    public var at: Int64
    /// `notification`, `ownership`, `ledger` or `grant`.
    public var kind: String
    /// One sentence for people.
    public var summary: String
    /// The identifiers involved (notificationUUID, originalTransactionId, transactionId, entry or grant id, …).
    public var details: [String: String]

    /// Creates an entry.
    public init(at: Int64, kind: String, summary: String, details: [String: String]) {
        self.at = at
        self.kind = kind
        self.summary = summary
        self.details = details
    }
}
