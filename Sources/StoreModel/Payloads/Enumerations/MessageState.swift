/// The review state of an uploaded Retention Messaging message.
///
/// Wire values (strings): `PENDING`, `APPROVED`, `REJECTED`.
public struct MessageState: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Awaiting review (`PENDING`).
    public static let pending = MessageState(rawValue: "PENDING")
    /// Approved (`APPROVED`).
    public static let approved = MessageState(rawValue: "APPROVED")
    /// Rejected (`REJECTED`).
    public static let rejected = MessageState(rawValue: "REJECTED")

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [MessageState] = [.pending, .approved, .rejected]
}
