import Foundation

/// A purchase as the device sends it to the store: the product and the options the app chose.
public struct PurchaseSubmission: Hashable, Sendable {
    /// An offer with the purchase.
    public enum Offer: Hashable, Sendable {
        /// A promotional offer with its signature (`timestamp` in milliseconds).
        case promotional(offerID: String, keyID: String, nonce: UUID, signature: Data, timestamp: Int64)
        /// StoreKit Testing's promotional offer without a signature.
        case promotionalForTesting(offerID: String)
        /// An offer code, by reference name.
        case offerCode(referenceName: String)
        /// A win-back offer.
        case winBack(offerID: String)
    }

    /// The product.
    public var productID: String
    /// How many (1…10 for consumables and non-renewing subscriptions).
    public var quantity: Int
    /// The app's account token.
    public var appAccountToken: UUID?
    /// An offer.
    public var offer: Offer?
    /// Ask to Buy in the sandbox: `true` waits for approval, `false` never does, `nil` follows the settings.
    public var simulatesAskToBuy: Bool?

    /// Creates a submission.
    public init(
        productID: String, quantity: Int = 1, appAccountToken: UUID? = nil, offer: Offer? = nil,
        simulatesAskToBuy: Bool? = nil
    ) {
        self.productID = productID
        self.quantity = quantity
        self.appAccountToken = appAccountToken
        self.offer = offer
        self.simulatesAskToBuy = simulatesAskToBuy
    }

    /// The submission for a product bought with purchase options.
    init(productID: String, options: Set<Product.PurchaseOption>) {
        self.init(productID: productID)
        for option in options {
            switch option.kind {
            case .appAccountToken(let token): appAccountToken = token
            case .quantity(let count): quantity = count
            case .promotionalOffer(let id, let key, let nonce, let signature, let timestamp):
                offer = .promotional(offerID: id, keyID: key, nonce: nonce, signature: signature, timestamp: Int64(timestamp))
            case .promotionalOfferForTesting(let id): offer = .promotionalForTesting(offerID: id)
            case .codeOffer(let name): offer = .offerCode(referenceName: name)
            case .winBackOffer(let id): offer = .winBack(offerID: id)
            case .simulatesAskToBuyInSandbox(let simulates): simulatesAskToBuy = simulates
            }
        }
    }
}
