/// Whether the app delivered a consumable in working order (consumption request V2).
///
/// Wire values (strings): `DELIVERED`, `UNDELIVERED_QUALITY_ISSUE`, `UNDELIVERED_WRONG_ITEM`,
/// `UNDELIVERED_SERVER_OUTAGE`, `UNDELIVERED_OTHER`.
public struct DeliveryStatus: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Delivered and working (`DELIVERED`).
    public static let delivered = DeliveryStatus(rawValue: "DELIVERED")
    /// Not delivered because of a quality issue (`UNDELIVERED_QUALITY_ISSUE`).
    public static let undeliveredQualityIssue = DeliveryStatus(rawValue: "UNDELIVERED_QUALITY_ISSUE")
    /// The wrong item was delivered (`UNDELIVERED_WRONG_ITEM`).
    public static let undeliveredWrongItem = DeliveryStatus(rawValue: "UNDELIVERED_WRONG_ITEM")
    /// Not delivered because of a server outage (`UNDELIVERED_SERVER_OUTAGE`).
    public static let undeliveredServerOutage = DeliveryStatus(rawValue: "UNDELIVERED_SERVER_OUTAGE")
    /// Not delivered for another reason (`UNDELIVERED_OTHER`).
    public static let undeliveredOther = DeliveryStatus(rawValue: "UNDELIVERED_OTHER")

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [DeliveryStatus] = [
        .delivered, .undeliveredQualityIssue, .undeliveredWrongItem, .undeliveredServerOutage, .undeliveredOther
    ]
}
