/// Why an item of an Advanced Commerce subscription changes.
///
/// Wire values (strings): `UPGRADE`, `DOWNGRADE`, `APPLY_OFFER`.
public struct AdvancedCommerceReason: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// An upgrade (`UPGRADE`).
    public static let upgrade = AdvancedCommerceReason(rawValue: "UPGRADE")
    /// A downgrade (`DOWNGRADE`).
    public static let downgrade = AdvancedCommerceReason(rawValue: "DOWNGRADE")
    /// An offer is applied (`APPLY_OFFER`).
    public static let applyOffer = AdvancedCommerceReason(rawValue: "APPLY_OFFER")

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [AdvancedCommerceReason] = [.upgrade, .downgrade, .applyOffer]
}
