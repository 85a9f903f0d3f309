/// The kind of an Advanced Commerce refund.
///
/// Wire values (strings): `FULL`, `PRORATED`, `CUSTOM`.
public struct AdvancedCommerceRefundType: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A full refund (`FULL`).
    public static let full = AdvancedCommerceRefundType(rawValue: "FULL")
    /// A prorated refund (`PRORATED`).
    public static let prorated = AdvancedCommerceRefundType(rawValue: "PRORATED")
    /// A refund of a custom amount (`CUSTOM`).
    public static let custom = AdvancedCommerceRefundType(rawValue: "CUSTOM")

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [AdvancedCommerceRefundType] = [.full, .prorated, .custom]
}
