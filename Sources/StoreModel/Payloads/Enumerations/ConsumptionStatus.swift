/// How much of a consumable the customer used.
///
/// Wire values (integers): `0`, `1`, `2`, `3`.
public struct ConsumptionStatus: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: Int32
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Not declared (`0`).
    public static let undeclared = ConsumptionStatus(rawValue: 0)
    /// Not consumed (`1`).
    public static let notConsumed = ConsumptionStatus(rawValue: 1)
    /// Partially consumed (`2`).
    public static let partiallyConsumed = ConsumptionStatus(rawValue: 2)
    /// Fully consumed (`3`).
    public static let fullyConsumed = ConsumptionStatus(rawValue: 3)

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [ConsumptionStatus] = [.undeclared, .notConsumed, .partiallyConsumed, .fullyConsumed]
}
