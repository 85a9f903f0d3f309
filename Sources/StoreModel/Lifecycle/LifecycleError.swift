/// Why the lifecycle refused an event. Each case says what went wrong, where, and how to fix it; the engine
/// maps them to StoreKit's `Product.PurchaseError` and the App Store Server API's error codes.
public enum LifecycleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The product is not an auto-renewable subscription of the catalog.
    case productNotFound(productId: String)
    /// The product belongs to another subscription group than the chain.
    case productNotInGroup(productId: String, groupIdentifier: String)
    /// The product was removed from sale.
    case productNotForSale(productId: String)
    /// The product has no offer with this identifier (`Product.PurchaseError.invalidOfferIdentifier`).
    case invalidOfferIdentifier(offer: String, productId: String)
    /// The offer has no valid price in the catalog (`Product.PurchaseError.invalidOfferPrice`).
    case invalidOfferPrice(offer: String, productId: String)
    /// The customer may not redeem the offer (`Product.PurchaseError.ineligibleForOffer`).
    case ineligibleForOffer(offer: String, reason: String)
    /// The event does not apply in the chain's current state.
    case invalidState(action: String, state: String, originalTransactionId: String)
    /// The transaction does not belong to this chain.
    case transactionNotInChain(transactionId: String, originalTransactionId: String)
    /// The transaction was already refunded or revoked.
    case transactionAlreadyRevoked(transactionId: String)
    /// The transaction was not refunded, so there is nothing to reverse.
    case transactionNotRevoked(transactionId: String)
    /// No price increase awaits the customer's consent.
    case noPriceIncreasePending(originalTransactionId: String)
    /// The subscription cannot be extended now (App Store Server API 4030004).
    case extensionIneligible(originalTransactionId: String, reason: String)
    /// The subscription was extended twice in the last 365 days (App Store Server API 4030005).
    case extensionLimitReached(originalTransactionId: String)
    /// Family-shared subscriptions are extended through their purchaser (App Store Server API 4030007).
    case familySharedExtension(originalTransactionId: String)
    /// The operation does not apply to family-shared transactions (App Store Server API 4000185).
    case familySharedTransaction(originalTransactionId: String)

    /// What went wrong, where, and how to fix it.
    public var description: String {
        switch self {
        case .productNotFound(let productId):
            return "No auto-renewable subscription \"\(productId)\" in the catalog; "
                + "use the productID of a subscription in the .storekit file's subscriptionGroups."
        case .productNotInGroup(let productId, let group):
            return "\"\(productId)\" is not in subscription group \(group); "
                + "a chain only changes between products of its own group."
        case .productNotForSale(let productId):
            return "\"\(productId)\" is not for sale; put it back on sale before buying it."
        case .invalidOfferIdentifier(let offer, let productId):
            return "\"\(productId)\" has no offer \"\(offer)\"; use an offerID (or an offer code's referenceName) "
                + "from the product's adHocOffers, codeOffers or winbackOffers."
        case .invalidOfferPrice(let offer, let productId):
            return "Offer \"\(offer)\" of \"\(productId)\" has no valid displayPrice; give it a price such as \"0.99\"."
        case .ineligibleForOffer(let offer, let reason):
            return "The customer is not eligible for offer \"\(offer)\": \(reason)."
        case .invalidState(let action, let state, let chain):
            return "Cannot \(action): subscription \(chain) is \(state)."
        case .transactionNotInChain(let transactionId, let chain):
            return "Transaction \(transactionId) does not belong to subscription \(chain)."
        case .transactionAlreadyRevoked(let transactionId):
            return "Transaction \(transactionId) is already refunded or revoked."
        case .transactionNotRevoked(let transactionId):
            return "Transaction \(transactionId) was not refunded; only a refunded transaction can be reversed."
        case .noPriceIncreasePending(let chain):
            return "Subscription \(chain) has no price increase awaiting consent; request one first."
        case .extensionIneligible(let chain, let reason):
            return "Subscription \(chain) cannot be extended: \(reason)."
        case .extensionLimitReached(let chain):
            return "Subscription \(chain) was already extended twice in the last 365 days."
        case .familySharedExtension(let chain):
            return "Subscription \(chain) is family-shared; extend the purchaser's subscription instead."
        case .familySharedTransaction(let chain):
            return "Subscription \(chain) is family-shared; this operation applies to purchased transactions only."
        }
    }
}
