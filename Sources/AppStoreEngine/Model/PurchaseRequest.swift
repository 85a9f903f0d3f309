import Foundation
import StoreModel

/// A purchase as StoreKit's `product.purchase(options:)` (or StoreKit Testing's `buyProduct`) asks for it.
///
/// ```swift
/// let result = try await engine.purchase(PurchaseRequest(
///     bundleId: "com.example.puzzles", accountId: "alice", productId: "com.example.pro.monthly",
///     appAccountToken: UUID(), offer: .offerCode(referenceName: "Friends")))
/// ```
public struct PurchaseRequest: Hashable, Sendable, Codable {
    /// The app.
    public var bundleId: String
    /// The buyer.
    public var accountId: String
    /// The product.
    public var productId: String
    /// `quantity(_:)`: 1…10 for consumables and non-renewing subscriptions, else 1.
    public var quantity: Int
    /// `appAccountToken(_:)`.
    public var appAccountToken: UUID?
    /// A promotional offer, offer code or win-back offer.
    public var offer: PurchaseOffer?
    /// `introductoryOfferEligibility(compactJWS:)`, already verified: overrides the group's history.
    public var introductoryOfferEligibility: Bool?
    /// `simulatesAskToBuyInSandbox(_:)`; `nil` follows the app's `askToBuyEnabled` setting.
    public var simulatesAskToBuy: Bool?
    /// Where the purchase happens: in the app (answered directly) or outside it (delivered through
    /// `Transaction.updates`).
    public var origin: PurchaseOrigin

    /// Creates a purchase request.
    public init(
        bundleId: String, accountId: String, productId: String, quantity: Int = 1, appAccountToken: UUID? = nil,
        offer: PurchaseOffer? = nil, introductoryOfferEligibility: Bool? = nil, simulatesAskToBuy: Bool? = nil,
        origin: PurchaseOrigin = .app
    ) {
        self.bundleId = bundleId
        self.accountId = accountId
        self.productId = productId
        self.quantity = quantity
        self.appAccountToken = appAccountToken
        self.offer = offer
        self.introductoryOfferEligibility = introductoryOfferEligibility
        self.simulatesAskToBuy = simulatesAskToBuy
        self.origin = origin
    }
}

/// Where a purchase is made.
public enum PurchaseOrigin: String, Hashable, Sendable, Codable {
    /// In the app with `product.purchase()`: the result answers the call; `Transaction.updates` does not repeat it.
    case app
    /// Outside the app (App Store, another device, StoreKit Testing's `buyProduct`): delivered through
    /// `Transaction.updates`.
    case outsideApp
}

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
