import AppStoreEngine
import Foundation
import StoreModel

/// The body of a purchase on the StoreKit-facing and control APIs: `Product.purchase(options:)` as JSON.
///
/// ```json
/// {"productId": "com.example.pro.monthly", "quantity": 1, "appAccountToken": "…uuid…", "askToBuy": false,
///  "offer": {"type": "promotional", "id": "SPRING", "keyId": "…", "nonce": "…uuid…", "signature": "…base64…",
///            "timestamp": 1700000000000}}
/// ```
/// `offer.type` is `promotional` (signed; without `keyId`, `nonce`, `signature` and `timestamp` it is taken as
/// signed for testing), `offerCode` (with `id` the offer code's reference name) or `winBack`.
struct PurchaseBody: Decodable, Sendable {
    /// The account; the StoreKit API takes it from the path, the control API from here (default `default`).
    var accountId: String?
    /// The app; the control API's default is the first app served.
    var bundleId: String?
    var productId: String
    var quantity: Int?
    var appAccountToken: UUID?
    var askToBuy: Bool?
    var introductoryOfferEligibility: Bool?
    var offer: Offer?

    struct Offer: Decodable, Sendable {
        var type: String
        var id: String
        var keyId: String?
        var nonce: UUID?
        var signature: String?
        var timestamp: Int64?
    }

    /// The engine's purchase request.
    func request(bundleId: String, accountId: String, origin: PurchaseOrigin) throws(EmulatorAPIError) -> PurchaseRequest {
        PurchaseRequest(
            bundleId: bundleId, accountId: accountId, productId: productId, quantity: quantity ?? 1,
            appAccountToken: appAccountToken, offer: try offer.map { offer throws(EmulatorAPIError) in try offer.purchaseOffer() },
            introductoryOfferEligibility: introductoryOfferEligibility, simulatesAskToBuy: askToBuy, origin: origin)
    }
}

extension PurchaseBody.Offer {
    func purchaseOffer() throws(EmulatorAPIError) -> PurchaseOffer {
        switch type {
        case "promotional":
            guard let keyId, let nonce, let signature, let timestamp else { return .promotionalForTesting(offerID: id) }
            guard let data = Data(base64Encoded: signature) else {
                throw .badRequest("offer.signature must be the base64 of the DER ECDSA signature.")
            }
            return .promotional(offerID: id, keyID: keyId, nonce: nonce, signature: data, timestamp: Timestamp(milliseconds: timestamp))
        case "offerCode": return .offerCode(referenceName: id)
        case "winBack": return .winBack(offerID: id)
        default: throw .badRequest("offer.type must be promotional, offerCode or winBack, not \(type).")
        }
    }
}
