import StoreModel

/// Why an engine operation failed: what went wrong, where, and how to fix it.
///
/// Cases map to StoreKit's `Product.PurchaseError` (``purchaseErrorName``), StoreKit Testing's `SKTestError`
/// (``testErrorName``) and the App Store Server API's error codes (``serverAPIErrorCode``), so the HTTP
/// routes, the CLI and the client library report failures in Apple's vocabulary.
public enum AppStoreEngineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A quantity outside 1…10, or other than 1 for a product that cannot be bought in quantity.
    case invalidQuantity(productId: String, quantity: Int)
    /// The product is not in the app's catalog or was removed from sale.
    case productUnavailable(productId: String, bundleId: String)
    /// The account may not make payments (`AppStore.canMakePayments == false`).
    case purchaseNotAllowed(accountId: String)
    /// The customer is not eligible for the offer.
    case ineligibleForOffer(offer: String, reason: String)
    /// The product has no offer with this identifier.
    case invalidOfferIdentifier(offer: String, productId: String)
    /// The offer has no valid price.
    case invalidOfferPrice(offer: String, productId: String)
    /// The promotional-offer signature does not verify, is too old, or reuses a nonce.
    case invalidOfferSignature(offer: String, reason: String)
    /// A promotional offer lacks the key ID, nonce, signature or timestamp, or the catalog has no signing key.
    case missingOfferParameters(offer: String, missing: String)
    /// A simulated StoreKit error from `_storeKitErrors` or ``AppStoreEngine/setSimulatedError(_:for:bundleId:)``.
    case simulatedError(api: FailableStoreKitAPI, error: SimulatedStoreKitError)
    /// `failTransactionsEnabled`: every purchase fails with this `SKError` code.
    case failedTransaction(code: Int)
    /// No app is registered with this bundle identifier.
    case appNotFound(bundleId: String)
    /// No account with this identifier.
    case accountNotFound(accountId: String)
    /// The app's catalog has no such product.
    case productNotFound(productId: String, bundleId: String)
    /// No transaction with this identifier.
    case transactionNotFound(transactionId: String)
    /// No subscription with this original transaction identifier.
    case subscriptionNotFound(originalTransactionId: String)
    /// No pending purchase (Ask to Buy or interrupted) with this identifier.
    case pendingPurchaseNotFound(id: String)
    /// No renewal-date extension request with this identifier.
    case extensionRequestNotFound(requestIdentifier: String)
    /// No notification with this UUID or test token.
    case notificationNotFound(id: String)
    /// The product has the wrong type for the operation.
    case invalidProductType(productId: String, expected: String)
    /// The operation does not apply in the current state.
    case invalidAction(String)
    /// The subscription cannot be extended now (App Store Server API 4030004).
    case extensionIneligible(originalTransactionId: String, reason: String)
    /// The subscription was extended twice in 365 days (4030005).
    case extensionLimitReached(originalTransactionId: String)
    /// Family-shared subscriptions cannot be extended directly (4030007).
    case familySharedExtension(originalTransactionId: String)
    /// The operation refuses family-shared transactions (4000185).
    case familyTransactionNotSupported(transactionId: String)
    /// `extendByDays` outside 1…90 (4000009).
    case invalidExtendByDays(Int)
    /// An app account token that is not a UUID (4000183).
    case invalidAppAccountToken(String)
    /// Something with this identifier already exists.
    case alreadyExists(String)
    /// The operation needs a controllable clock (`VirtualClock` or `OffsetClock`).
    case clockNotControllable
    /// The catalog could not be read.
    case catalog(StoreKitConfigurationError)
    /// The database failed.
    case storage(String)
    /// Signing failed.
    case signing(String)
    /// A stored value could not be read back.
    case corruptState(String)

    /// The App Store Server API error code for this error, when Apple has one.
    public var serverAPIErrorCode: Int? {
        switch self {
        case .transactionNotFound: return 4_040_010
        case .subscriptionNotFound: return 4_040_005
        case .appNotFound: return 4_040_003
        case .accountNotFound: return 4_040_001
        case .extensionRequestNotFound: return 4_040_009
        case .notificationNotFound: return 4_040_008
        case .extensionIneligible: return 4_030_004
        case .extensionLimitReached: return 4_030_005
        case .familySharedExtension: return 4_030_007
        case .familyTransactionNotSupported: return 4_000_185
        case .invalidExtendByDays: return 4_000_009
        case .invalidAppAccountToken: return 4_000_183
        case .invalidProductType: return 4_000_022
        default: return nil
        }
    }

    /// The `Product.PurchaseError` case this error stands for, when it is a purchase error.
    public var purchaseErrorName: String? {
        switch self {
        case .invalidQuantity: return "invalidQuantity"
        case .productUnavailable: return "productUnavailable"
        case .purchaseNotAllowed: return "purchaseNotAllowed"
        case .ineligibleForOffer: return "ineligibleForOffer"
        case .invalidOfferIdentifier: return "invalidOfferIdentifier"
        case .invalidOfferPrice: return "invalidOfferPrice"
        case .invalidOfferSignature: return "invalidOfferSignature"
        case .missingOfferParameters: return "missingOfferParameters"
        default: return nil
        }
    }

    /// The `SKTestError.Code` this error stands for in StoreKit Testing's session API.
    public var testErrorName: String? {
        switch self {
        case .productNotFound, .productUnavailable: return "invalidProductIdentifier"
        case .transactionNotFound, .pendingPurchaseNotFound: return "noTransactionFound"
        case .subscriptionNotFound: return "noSubscriptionFound"
        case .invalidProductType: return "invalidProductType"
        case .invalidAction: return "invalidAction"
        default: return nil
        }
    }

    /// What went wrong, where, and how to fix it.
    public var description: String {
        switch self {
        case .invalidQuantity(let product, let quantity):
            return "Cannot buy \(quantity) of \"\(product)\": consumables and non-renewing subscriptions take 1 to 10, "
                + "other products exactly 1."
        case .productUnavailable(let product, let bundle):
            return "\"\(product)\" is not available in \(bundle): it is not in the catalog or was removed from sale; "
                + "check the productID or put it back on sale."
        case .purchaseNotAllowed(let account):
            return "Account \(account) may not make payments; allow payments for the account first."
        case .ineligibleForOffer(let offer, let reason):
            return "Not eligible for offer \"\(offer)\": \(reason)."
        case .invalidOfferIdentifier(let offer, let product):
            return "\"\(product)\" has no offer \"\(offer)\"; use an offerID or offer-code referenceName from the catalog."
        case .invalidOfferPrice(let offer, let product):
            return "Offer \"\(offer)\" of \"\(product)\" has no valid price in the catalog; give it a displayPrice."
        case .invalidOfferSignature(let offer, let reason):
            return "The signature of promotional offer \"\(offer)\" is invalid: \(reason)."
        case .missingOfferParameters(let offer, let missing):
            return "Promotional offer \"\(offer)\" is missing \(missing)."
        case .simulatedError(let api, let error):
            return "Simulated StoreKit error \(error) for \(api.rawValue); clear it with setSimulatedError(nil, for:)."
        case .failedTransaction(let code):
            return "failTransactionsEnabled is on: the purchase fails with SKError code \(code); turn it off to buy."
        case .appNotFound(let bundle):
            return "No app \(bundle) is registered; register it with its .storekit catalog first."
        case .accountNotFound(let account):
            return "No account \"\(account)\"; create it first."
        case .productNotFound(let product, let bundle):
            return "The catalog of \(bundle) has no product \"\(product)\"."
        case .transactionNotFound(let id):
            return "No transaction \(id)."
        case .subscriptionNotFound(let id):
            return "No subscription with original transaction \(id)."
        case .pendingPurchaseNotFound(let id):
            return "No pending purchase \(id); it may have been approved, declined or resolved already."
        case .extensionRequestNotFound(let id):
            return "No renewal-date extension request \(id)."
        case .notificationNotFound(let id):
            return "No notification \(id)."
        case .invalidProductType(let product, let expected):
            return "\"\(product)\" is not \(expected)."
        case .invalidAction(let reason):
            return reason
        case .extensionIneligible(let id, let reason):
            return "Subscription \(id) cannot be extended: \(reason)."
        case .extensionLimitReached(let id):
            return "Subscription \(id) was already extended twice in the last 365 days."
        case .familySharedExtension(let id):
            return "Subscription \(id) is family-shared; extend the purchaser's subscription instead."
        case .familyTransactionNotSupported(let id):
            return "Transaction \(id) is family-shared; this operation applies to purchased transactions only."
        case .invalidExtendByDays(let days):
            return "extendByDays must be 1 to 90, not \(days)."
        case .invalidAppAccountToken(let token):
            return "\"\(token)\" is not a UUID; app account tokens are UUIDs."
        case .alreadyExists(let what):
            return "\(what) already exists."
        case .clockNotControllable:
            return "The engine runs on a clock it cannot move; open it with a VirtualClock or an OffsetClock to advance time."
        case .catalog(let error):
            return error.description
        case .storage(let reason):
            return "The database failed: \(reason)"
        case .signing(let reason):
            return "Signing failed: \(reason)"
        case .corruptState(let reason):
            return "Stored state could not be read: \(reason)"
        }
    }
}

extension AppStoreEngineError {
    /// The engine error for a lifecycle refusal.
    init(_ error: LifecycleError, bundleId: String) {
        switch error {
        case .productNotFound(let product), .productNotForSale(let product):
            self = .productUnavailable(productId: product, bundleId: bundleId)
        case .productNotInGroup(let product, let group):
            self = .invalidAction(error.description + " (group \(group), product \(product))")
        case .invalidOfferIdentifier(let offer, let product):
            self = .invalidOfferIdentifier(offer: offer, productId: product)
        case .invalidOfferPrice(let offer, let product):
            self = .invalidOfferPrice(offer: offer, productId: product)
        case .ineligibleForOffer(let offer, let reason):
            self = .ineligibleForOffer(offer: offer, reason: reason)
        case .extensionIneligible(let id, let reason):
            self = .extensionIneligible(originalTransactionId: id, reason: reason)
        case .extensionLimitReached(let id):
            self = .extensionLimitReached(originalTransactionId: id)
        case .familySharedExtension(let id):
            self = .familySharedExtension(originalTransactionId: id)
        case .familySharedTransaction(let id):
            self = .familyTransactionNotSupported(transactionId: id)
        case .invalidState, .transactionNotInChain, .transactionAlreadyRevoked, .transactionNotRevoked,
            .noPriceIncreasePending:
            self = .invalidAction(error.description)
        }
    }
}
