/// Why an Advanced Commerce offer is made.
///
/// Wire values (strings): `ACQUISITION`, `WIN_BACK`, `RETENTION`.
public struct AdvancedCommerceOfferReason: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// To acquire a new customer (`ACQUISITION`).
    public static let acquisition = AdvancedCommerceOfferReason(rawValue: "ACQUISITION")
    /// To win back a former customer (`WIN_BACK`).
    public static let winBack = AdvancedCommerceOfferReason(rawValue: "WIN_BACK")
    /// To retain a current customer (`RETENTION`).
    public static let retention = AdvancedCommerceOfferReason(rawValue: "RETENTION")

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [AdvancedCommerceOfferReason] = [.acquisition, .winBack, .retention]
}
