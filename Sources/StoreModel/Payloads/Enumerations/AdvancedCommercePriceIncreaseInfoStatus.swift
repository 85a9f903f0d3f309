/// The state of a price increase for an Advanced Commerce item.
///
/// Wire values (strings): `SCHEDULED`, `PENDING`, `ACCEPTED`.
public struct AdvancedCommercePriceIncreaseInfoStatus: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The increase is scheduled (`SCHEDULED`).
    public static let scheduled = AdvancedCommercePriceIncreaseInfoStatus(rawValue: "SCHEDULED")
    /// The increase awaits the customer's consent (`PENDING`).
    public static let pending = AdvancedCommercePriceIncreaseInfoStatus(rawValue: "PENDING")
    /// The customer accepted the increase (`ACCEPTED`).
    public static let accepted = AdvancedCommercePriceIncreaseInfoStatus(rawValue: "ACCEPTED")

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [AdvancedCommercePriceIncreaseInfoStatus] = [.scheduled, .pending, .accepted]
}
