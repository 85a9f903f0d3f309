/// The developer's preferred outcome of a refund request (consumption request V2).
///
/// Wire values (strings): `DECLINE`, `GRANT_FULL`, `GRANT_PRORATED`.
public struct RefundPreference: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Decline the refund (`DECLINE`).
    public static let decline = RefundPreference(rawValue: "DECLINE")
    /// Grant a full refund (`GRANT_FULL`).
    public static let grantFull = RefundPreference(rawValue: "GRANT_FULL")
    /// Grant a prorated refund (`GRANT_PRORATED`).
    public static let grantProrated = RefundPreference(rawValue: "GRANT_PRORATED")

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [RefundPreference] = [.decline, .grantFull, .grantProrated]
}
