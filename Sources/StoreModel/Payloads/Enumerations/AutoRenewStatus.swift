/// Whether a subscription renews automatically at the end of its period.
///
/// Wire values (integers): `0`, `1`.
public struct AutoRenewStatus: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: Int32
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Automatic renewal is off (`0`).
    public static let off = AutoRenewStatus(rawValue: 0)
    /// Automatic renewal is on (`1`).
    public static let on = AutoRenewStatus(rawValue: 1)

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [AutoRenewStatus] = [.off, .on]
}
