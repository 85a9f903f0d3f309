/// The offer a customer asks for with a purchase, by the identifier the app passes.
public enum RequestedOffer: Hashable, Sendable, Codable {
    /// A promotional offer (`adHocOffers[].offerID`), after its signature was checked.
    case promotional(offerIdentifier: String)
    /// An offer code, matched by `codeOffers[].referenceName` as StoreKit Testing's `.codeOffer(referenceName:)`.
    case offerCode(referenceName: String)
    /// A win-back offer (`winbackOffers[].offerID`).
    case winBack(offerIdentifier: String)

    /// The identifier as the app passed it.
    public var identifier: String {
        switch self {
        case .promotional(let id), .winBack(let id): return id
        case .offerCode(let name): return name
        }
    }

    /// The `offerType` a transaction gets for this offer.
    public var offerType: OfferType {
        switch self {
        case .promotional: return .promotionalOffer
        case .offerCode: return .offerCode
        case .winBack: return .winBackOffer
        }
    }
}
