/// The payment mode of a subscription offer.
///
/// Wire values (strings): `FREE_TRIAL`, `PAY_AS_YOU_GO`, `PAY_UP_FRONT`, `ONE_TIME`.
public struct OfferDiscountType: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A free trial (`FREE_TRIAL`).
    public static let freeTrial = OfferDiscountType(rawValue: "FREE_TRIAL")
    /// A discounted price paid each period (`PAY_AS_YOU_GO`).
    public static let payAsYouGo = OfferDiscountType(rawValue: "PAY_AS_YOU_GO")
    /// A discounted price paid once, up front (`PAY_UP_FRONT`).
    public static let payUpFront = OfferDiscountType(rawValue: "PAY_UP_FRONT")
    /// A one-time offer (`ONE_TIME`).
    public static let oneTime = OfferDiscountType(rawValue: "ONE_TIME")

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [OfferDiscountType] = [.freeTrial, .payAsYouGo, .payUpFront, .oneTime]
}
