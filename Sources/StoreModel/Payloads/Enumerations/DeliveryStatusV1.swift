/// Whether the app delivered a consumable in working order (consumption request V1).
///
/// Wire values (integers): `0`, `1`, `2`, `3`, `4`, `5`.
public struct DeliveryStatusV1: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: Int32
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Delivered and working properly (`0`).
    public static let deliveredAndWorkingProperly = DeliveryStatusV1(rawValue: 0)
    /// Not delivered because of a quality issue (`1`).
    public static let didNotDeliverDueToQualityIssue = DeliveryStatusV1(rawValue: 1)
    /// The wrong item was delivered (`2`).
    public static let deliveredWrongItem = DeliveryStatusV1(rawValue: 2)
    /// Not delivered because of a server outage (`3`).
    public static let didNotDeliverDueToServerOutage = DeliveryStatusV1(rawValue: 3)
    /// Not delivered because of an in-game currency change (`4`).
    public static let didNotDeliverDueToInGameCurrencyChange = DeliveryStatusV1(rawValue: 4)
    /// Not delivered for another reason (`5`).
    public static let didNotDeliverForOtherReason = DeliveryStatusV1(rawValue: 5)

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [DeliveryStatusV1] = [
        .deliveredAndWorkingProperly, .didNotDeliverDueToQualityIssue, .deliveredWrongItem,
        .didNotDeliverDueToServerOutage, .didNotDeliverDueToInGameCurrencyChange, .didNotDeliverForOtherReason
    ]
}
