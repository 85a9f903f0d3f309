/// The type of subscription offer applied to a transaction or renewal.
///
/// Wire values (integers): `1`, `2`, `3`, `4`.
public struct OfferType: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: Int32
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// An introductory offer (`1`).
    public static let introductoryOffer = OfferType(rawValue: 1)
    /// A promotional offer (`2`).
    public static let promotionalOffer = OfferType(rawValue: 2)
    /// An offer with a subscription offer code (`3`).
    public static let offerCode = OfferType(rawValue: 3)
    /// A win-back offer (`4`).
    public static let winBackOffer = OfferType(rawValue: 4)

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [OfferType] = [.introductoryOffer, .promotionalOffer, .offerCode, .winBackOffer]
}
