/// Why the App Store refunded or revoked a transaction.
///
/// Wire values (integers): `0`, `1`.
public struct RevocationReason: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: Int32
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Refunded for another reason, such as an accidental purchase (`0`).
    public static let refundedForOtherReason = RevocationReason(rawValue: 0)
    /// Refunded because of an actual or perceived issue in the app (`1`).
    public static let refundedDueToIssue = RevocationReason(rawValue: 1)

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [RevocationReason] = [.refundedForOtherReason, .refundedDueToIssue]
}
