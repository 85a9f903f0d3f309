/// The period of an Advanced Commerce offer.
///
/// Wire values (strings): `P3D`, `P1W`, `P2W`, `P1M`, `P2M`, `P3M`, `P6M`, `P9M`, `P1Y`.
public struct AdvancedCommerceOfferPeriod: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Three days (`P3D`).
    public static let p3D = AdvancedCommerceOfferPeriod(rawValue: "P3D")
    /// One week (`P1W`).
    public static let p1W = AdvancedCommerceOfferPeriod(rawValue: "P1W")
    /// Two weeks (`P2W`).
    public static let p2W = AdvancedCommerceOfferPeriod(rawValue: "P2W")
    /// One month (`P1M`).
    public static let p1M = AdvancedCommerceOfferPeriod(rawValue: "P1M")
    /// Two months (`P2M`).
    public static let p2M = AdvancedCommerceOfferPeriod(rawValue: "P2M")
    /// Three months (`P3M`).
    public static let p3M = AdvancedCommerceOfferPeriod(rawValue: "P3M")
    /// Six months (`P6M`).
    public static let p6M = AdvancedCommerceOfferPeriod(rawValue: "P6M")
    /// Nine months (`P9M`).
    public static let p9M = AdvancedCommerceOfferPeriod(rawValue: "P9M")
    /// One year (`P1Y`).
    public static let p1Y = AdvancedCommerceOfferPeriod(rawValue: "P1Y")

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [AdvancedCommerceOfferPeriod] = [
        .p3D, .p1W, .p2W, .p1M, .p2M, .p3M, .p6M, .p9M, .p1Y
    ]
}
