/// Why the developer extends a subscription's renewal date.
///
/// Wire values (integers): `0`, `1`, `2`, `3`.
public struct ExtendReasonCode: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: Int32
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// No reason given (`0`).
    public static let undeclared = ExtendReasonCode(rawValue: 0)
    /// For customer satisfaction (`1`).
    public static let customerSatisfaction = ExtendReasonCode(rawValue: 1)
    /// Another reason (`2`).
    public static let other = ExtendReasonCode(rawValue: 2)
    /// Because of a service issue or outage (`3`).
    public static let serviceIssueOrOutage = ExtendReasonCode(rawValue: 3)

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [ExtendReasonCode] = [
        .undeclared, .customerSatisfaction, .other, .serviceIssueOrOutage
    ]
}
