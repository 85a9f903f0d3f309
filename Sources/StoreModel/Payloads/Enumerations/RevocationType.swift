/// How the App Store revoked a transaction.
///
/// Wire values (strings): `REFUND_FULL`, `REFUND_PRORATED`, `FAMILY_REVOKE`.
public struct RevocationType: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A full refund (`REFUND_FULL`).
    public static let refundFull = RevocationType(rawValue: "REFUND_FULL")
    /// A prorated refund (`REFUND_PRORATED`).
    public static let refundProrated = RevocationType(rawValue: "REFUND_PRORATED")
    /// Access revoked from a Family Sharing member (`FAMILY_REVOKE`).
    public static let familyRevoke = RevocationType(rawValue: "FAMILY_REVOKE")

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [RevocationType] = [.refundFull, .refundProrated, .familyRevoke]
}
