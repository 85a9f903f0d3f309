/// The status of an auto-renewable subscription.
///
/// Wire values (integers): `1`, `2`, `3`, `4`, `5`.
public struct Status: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: Int32
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The subscription is active (`1`).
    public static let active = Status(rawValue: 1)
    /// The subscription has expired (`2`).
    public static let expired = Status(rawValue: 2)
    /// The subscription is in the billing retry period (`3`).
    public static let billingRetry = Status(rawValue: 3)
    /// The subscription is in the billing grace period (`4`).
    public static let billingGracePeriod = Status(rawValue: 4)
    /// The subscription was revoked (`5`).
    public static let revoked = Status(rawValue: 5)

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [Status] = [.active, .expired, .billingRetry, .billingGracePeriod, .revoked]
}
