/// The developer's preferred outcome of a refund request (consumption request V1).
///
/// Wire values (integers): `0`, `1`, `2`, `3`.
public struct RefundPreferenceV1: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: Int32
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// No preference declared (`0`).
    public static let undeclared = RefundPreferenceV1(rawValue: 0)
    /// Prefer that the App Store grants the refund (`1`).
    public static let preferGrant = RefundPreferenceV1(rawValue: 1)
    /// Prefer that the App Store declines the refund (`2`).
    public static let preferDecline = RefundPreferenceV1(rawValue: 2)
    /// No preference (`3`).
    public static let noPreference = RefundPreferenceV1(rawValue: 3)

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [RefundPreferenceV1] = [.undeclared, .preferGrant, .preferDecline, .noPreference]
}
