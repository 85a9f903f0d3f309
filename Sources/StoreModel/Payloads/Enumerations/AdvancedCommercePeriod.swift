/// The billing period of an Advanced Commerce subscription.
///
/// Wire values (strings): `P1W`, `P1M`, `P2M`, `P3M`, `P6M`, `P1Y`.
public struct AdvancedCommercePeriod: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// One week (`P1W`).
    public static let p1W = AdvancedCommercePeriod(rawValue: "P1W")
    /// One month (`P1M`).
    public static let p1M = AdvancedCommercePeriod(rawValue: "P1M")
    /// Two months (`P2M`).
    public static let p2M = AdvancedCommercePeriod(rawValue: "P2M")
    /// Three months (`P3M`).
    public static let p3M = AdvancedCommercePeriod(rawValue: "P3M")
    /// Six months (`P6M`).
    public static let p6M = AdvancedCommercePeriod(rawValue: "P6M")
    /// One year (`P1Y`).
    public static let p1Y = AdvancedCommercePeriod(rawValue: "P1Y")

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [AdvancedCommercePeriod] = [.p1W, .p1M, .p2M, .p3M, .p6M, .p1Y]
}
