import Foundation
import StoreCrypto
import StoreModel

/// What the crypto benchmarks sign and verify: a fresh certificate authority, a realistic transaction and the
/// JWS of it, built once before any measurement.
struct CryptoFixtures {
    /// The emulated App Store PKI (root → intermediate → P-256 leaf), generated for this run.
    let authority: CertificateAuthority
    /// A full auto-renewable subscription transaction, Sandbox, bundle ``bundleId``.
    let transaction: JWSTransactionDecodedPayload
    /// `transaction` encoded as JSON once, as the emulator would before signing it.
    let payload: Data
    /// The compact JWS of `payload` under the authority's `x5c` header.
    let jws: String

    /// The bundle identifier of the transaction and of every verifier.
    static let bundleId = "com.example.tienda.benchmark"
    /// 2025-06-01T12:00:00Z: the transaction's `signedDate`, where chains are validated.
    static let signedDate = Timestamp(milliseconds: 1_748_779_200_000)

    init() throws {
        authority = try CertificateAuthority.generate()
        transaction = Self.makeTransaction()
        payload = try Self.encoder.encode(transaction)
        jws = try authority.signer.sign(payload: payload)
    }

    /// The JSON encoder of `JWSSigner.sign(_:)`: no escaped slashes.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()

    /// The bytes of the JWS signing input, `base64url(header) + "." + base64url(payload)`.
    var signingInput: [UInt8] {
        let bytes = Array(jws.utf8)
        return Array(bytes[..<bytes.lastIndex(of: UInt8(ascii: "."))!])
    }

    /// A monthly subscription renewal bought with an introductory pay-as-you-go offer: every field a real
    /// Sandbox renewal of it carries, about 810 bytes of JSON.
    private static func makeTransaction() -> JWSTransactionDecodedPayload {
        let purchase = signedDate.adding(milliseconds: -5_000)
        return JWSTransactionDecodedPayload(
            originalTransactionId: "2000000912345678", transactionId: "2000000987654321",
            webOrderLineItemId: "2000000045678901", bundleId: bundleId,
            productId: "com.example.tienda.benchmark.premium.monthly", subscriptionGroupIdentifier: "21482657",
            purchaseDate: purchase, originalPurchaseDate: purchase.adding(milliseconds: -90 * 86_400_000),
            expiresDate: purchase.adding(milliseconds: 30 * 86_400_000), quantity: 1, type: .autoRenewable,
            appAccountToken: "7e3fb20b-4cdb-47cc-936d-99d65f608138", inAppOwnershipType: .purchased,
            signedDate: signedDate, offerType: .introductoryOffer,
            offerIdentifier: "com.example.tienda.benchmark.intro", environment: .sandbox, storefront: "USA",
            storefrontId: "143441", transactionReason: .renewal, currency: "USD", price: 4990,
            offerDiscountType: .payAsYouGo, appTransactionId: "704289572311796551", offerPeriod: "P3M")
    }
}
