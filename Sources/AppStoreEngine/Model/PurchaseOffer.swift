import Foundation
import StoreModel

/// An offer with a purchase.
public enum PurchaseOffer: Hashable, Sendable, Codable {
    /// `promotionalOffer(offerID:keyID:nonce:signature:timestamp:)`: a promotional offer with its V1 signature,
    /// checked against the catalog's `subscriptionOffersKeyPair`.
    case promotional(offerID: String, keyID: String, nonce: UUID, signature: Data, timestamp: Timestamp)
    /// StoreKit Testing's `.promotionalOffer(id:)`: no signature needed.
    case promotionalForTesting(offerID: String)
    /// StoreKit Testing's `.codeOffer(referenceName:)`, or a code redeemed in the offer-code sheet.
    case offerCode(referenceName: String)
    /// `winBackOffer(_:)`.
    case winBack(offerID: String)

    /// The identifier as the app passed it.
    public var identifier: String {
        switch self {
        case .promotional(let id, _, _, _, _), .promotionalForTesting(let id), .winBack(let id): return id
        case .offerCode(let name): return name
        }
    }

    /// The offer as the lifecycle sees it once any signature was checked.
    var requested: RequestedOffer {
        switch self {
        case .promotional(let id, _, _, _, _), .promotionalForTesting(let id): return .promotional(offerIdentifier: id)
        case .offerCode(let name): return .offerCode(referenceName: name)
        case .winBack(let id): return .winBack(offerIdentifier: id)
        }
    }
}
