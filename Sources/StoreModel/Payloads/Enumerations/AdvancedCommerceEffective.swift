/// When an Advanced Commerce change takes effect.
///
/// Wire values (strings): `IMMEDIATELY`, `NEXT_BILL_CYCLE`.
public struct AdvancedCommerceEffective: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Immediately (`IMMEDIATELY`).
    public static let immediately = AdvancedCommerceEffective(rawValue: "IMMEDIATELY")
    /// At the next billing cycle (`NEXT_BILL_CYCLE`).
    public static let nextBillCycle = AdvancedCommerceEffective(rawValue: "NEXT_BILL_CYCLE")

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [AdvancedCommerceEffective] = [.immediately, .nextBillCycle]
}
