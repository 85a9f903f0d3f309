import Foundation
import StoreCrypto
import StoreModel

/// The legacy (V1) promotional-offer signature: ECDSA P-256 with SHA-256, DER, base64 in StoreKit, over
/// `bundleId ⁣ keyId ⁣ productId ⁣ offerId ⁣ lowercase(appAccountToken) ⁣ lowercase(nonce) ⁣ timestamp`
/// joined with U+2063, checked against the `.storekit` file's `subscriptionOffersKeyPair`.
enum PromotionalOfferSignature {
    /// How long a signature stays valid after its timestamp.
    static let validity: Int64 = 24 * 3600 * 1000

    /// The signed message.
    static func message(
        bundleId: String, keyId: String, productId: String, offerId: String, appAccountToken: UUID?, nonce: UUID,
        timestamp: Timestamp
    ) -> Data {
        let separator = "\u{2063}"
        let parts = [
            bundleId, keyId, productId, offerId, appAccountToken?.uuidString.lowercased() ?? "",
            nonce.uuidString.lowercased(), String(timestamp.milliseconds),
        ]
        return Data(parts.joined(separator: separator).utf8)
    }

    /// Checks a signature; throws the purchase error StoreKit reports.
    static func verify(
        _ offer: PurchaseOffer, request: PurchaseRequest, catalog: Catalog, now: Timestamp
    ) throws(AppStoreEngineError) {
        guard case .promotional(let offerId, let keyId, let nonce, let signature, let timestamp) = offer else { return }
        guard !keyId.isEmpty, !signature.isEmpty else {
            throw .missingOfferParameters(offer: offerId, missing: keyId.isEmpty ? "the key ID" : "the signature")
        }
        guard let pair = catalog.configuration.subscriptionOffersKeyPair, let der = pair.privateKeyDER else {
            throw .missingOfferParameters(
                offer: offerId, missing: "a subscriptionOffersKeyPair in the .storekit file to check signatures with")
        }
        guard pair.id == keyId else {
            throw .invalidOfferSignature(offer: offerId, reason: "key ID \(keyId) is not the catalog's key \(pair.id)")
        }
        guard now.milliseconds - timestamp.milliseconds <= validity, timestamp.milliseconds <= now.milliseconds + validity
        else {
            throw .invalidOfferSignature(offer: offerId, reason: "its timestamp \(timestamp) is more than 24 hours from now")
        }
        let key: P256PrivateKey
        do {
            key = try P256PrivateKey(pkcs8DERRepresentation: der)
        } catch {
            throw .missingOfferParameters(offer: offerId, missing: "a readable P-256 key in subscriptionOffersKeyPair")
        }
        let message = message(
            bundleId: request.bundleId, keyId: keyId, productId: request.productId, offerId: offerId,
            appAccountToken: request.appAccountToken, nonce: nonce, timestamp: timestamp)
        guard key.publicKey.isValidDERSignature(signature, for: message) else {
            throw .invalidOfferSignature(offer: offerId, reason: "the signature does not match the offer's fields")
        }
    }
}
