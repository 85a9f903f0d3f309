import Foundation

extension Product {
    /// Why a purchase was refused before any charge (`Product.PurchaseError`).
    public enum PurchaseError: Error, Hashable, Sendable, CaseIterable, LocalizedError {
        /// The quantity is not allowed (1…10 for consumables and non-renewing subscriptions, else 1).
        case invalidQuantity
        /// The product is not for sale.
        case productUnavailable
        /// The customer may not make payments.
        case purchaseNotAllowed
        /// The customer is not eligible for the offer.
        case ineligibleForOffer
        /// The product has no such offer.
        case invalidOfferIdentifier
        /// The offer has no valid price.
        case invalidOfferPrice
        /// The promotional offer's signature is not valid.
        case invalidOfferSignature
        /// The promotional offer lacks a parameter.
        case missingOfferParameters

        /// What failed.
        public var errorDescription: String? {
            switch self {
            case .invalidQuantity: "That quantity cannot be bought."
            case .productUnavailable: "This product is not available."
            case .purchaseNotAllowed: "Purchases are not allowed on this account."
            case .ineligibleForOffer: "You are not eligible for this offer."
            case .invalidOfferIdentifier: "This offer does not exist."
            case .invalidOfferPrice: "This offer has no valid price."
            case .invalidOfferSignature: "This offer's signature is not valid."
            case .missingOfferParameters: "This offer is missing information."
            }
        }
    }
}
