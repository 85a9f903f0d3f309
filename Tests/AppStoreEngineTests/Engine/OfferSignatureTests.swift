import Foundation
import StoreCrypto
import StoreModel
import Testing

@testable import AppStoreEngine

/// Promotional offers with the legacy V1 signature, checked against the catalog's key pair.
@Suite struct OfferSignatureTests {
    typealias H = EngineHarness

    /// A V1 signature over the offer's fields with the `.storekit` file's private key.
    static func offer(
        offerId: String = "pro.monthly.half", keyId: String = "9F3C2B1A", token: UUID?, nonce: UUID = UUID(),
        timestamp: Timestamp, product: String = H.monthly
    ) throws -> PurchaseOffer {
        let catalog = try Catalog.load(contentsOf: H.catalogURL)
        let key = try P256PrivateKey(pkcs8DERRepresentation: try #require(catalog.configuration.subscriptionOffersKeyPair?.privateKeyDER))
        let message = PromotionalOfferSignature.message(
            bundleId: H.bundleId, keyId: keyId, productId: product, offerId: offerId, appAccountToken: token,
            nonce: nonce, timestamp: timestamp)
        return .promotional(offerID: offerId, keyID: keyId, nonce: nonce, signature: try key.derSignature(for: message),
            timestamp: timestamp)
    }

    @Test(arguments: StoreKind.allCases)
    func aValidSignatureRedeemsTheOfferOnceItsNonceIsFresh(store: StoreKind) async throws {
        let h = try await H.make(store)
        try await h.buy(H.monthly)
        let token = UUID()
        let nonce = UUID()
        let offer = try Self.offer(token: token, nonce: nonce, timestamp: h.clock.now.adding(milliseconds: -60_000))
        try await h.buy(H.monthly, offer: offer, token: token)
        #expect(try await h.names().last == "OFFER_REDEEMED")
        await #expect(throws: AppStoreEngineError.invalidOfferSignature(offer: "pro.monthly.half", reason: "its nonce was already used")) {
            try await h.buy(H.monthly, offer: offer, token: token)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func badSignaturesAreRefusedWithStoreKitsErrors(store: StoreKind) async throws {
        let h = try await H.make(store)
        try await h.buy(H.monthly)
        let now = h.clock.now
        let wrongToken = try Self.offer(token: UUID(), timestamp: now)
        await #expect(throws: AppStoreEngineError.self) { try await h.buy(H.monthly, offer: wrongToken, token: UUID()) }
        let stale = try Self.offer(token: nil, timestamp: now.adding(milliseconds: -25 * 3_600_000))
        #expect(await engineError { try await h.buy(H.monthly, offer: stale) }?.purchaseErrorName == "invalidOfferSignature")
        let otherKey = try Self.offer(keyId: "00000000", token: nil, timestamp: now)
        await #expect(throws: AppStoreEngineError.self) { try await h.buy(H.monthly, offer: otherKey) }
        let unknown = try Self.offer(offerId: "nope", token: nil, timestamp: now)
        let unknownError = await engineError { try await h.buy(H.monthly, offer: unknown) }
        #expect(unknownError?.purchaseErrorName == "invalidOfferIdentifier")
        let missing = PurchaseOffer.promotional(offerID: "pro.monthly.half", keyID: "", nonce: UUID(), signature: Data(), timestamp: now)
        #expect(await engineError { try await h.buy(H.monthly, offer: missing) }?.purchaseErrorName == "missingOfferParameters")
        #expect(try await h.names() == ["SUBSCRIBED/INITIAL_BUY"])
    }

    @Test(arguments: StoreKind.allCases)
    func offerErrorsMapToPurchaseErrors(store: StoreKind) async throws {
        let h = try await H.make(store)
        let code = await engineError { try await h.buy(H.coins, offer: .offerCode(referenceName: "Friends")) }
        #expect(code?.purchaseErrorName == "invalidOfferIdentifier")
        let winBack = await engineError { try await h.buy(H.yearly, offer: .winBack(offerID: "pro.yearly.winback")) }
        #expect(winBack?.purchaseErrorName == "ineligibleForOffer")
    }
}
