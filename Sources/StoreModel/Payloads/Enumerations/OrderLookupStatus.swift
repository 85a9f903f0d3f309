/// Whether an order ID names a valid order.
///
/// Wire values (integers): `0`, `1`.
public struct OrderLookupStatus: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: Int32
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The order ID is valid (`0`).
    public static let valid = OrderLookupStatus(rawValue: 0)
    /// The order ID is invalid (`1`).
    public static let invalid = OrderLookupStatus(rawValue: 1)

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [OrderLookupStatus] = [.valid, .invalid]
}
