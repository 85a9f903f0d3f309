/// The review state of an uploaded Retention Messaging image.
///
/// Wire values (strings): `PENDING`, `APPROVED`, `REJECTED`.
public struct ImageState: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Awaiting review (`PENDING`).
    public static let pending = ImageState(rawValue: "PENDING")
    /// Approved (`APPROVED`).
    public static let approved = ImageState(rawValue: "APPROVED")
    /// Rejected (`REJECTED`).
    public static let rejected = ImageState(rawValue: "REJECTED")

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [ImageState] = [.pending, .approved, .rejected]
}
