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
