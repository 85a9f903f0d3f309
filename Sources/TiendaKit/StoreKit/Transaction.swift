import Foundation
import StoreModel

/// A signed record of a purchase, renewal or refund (`Transaction`), decoded from the App Store's JWS.
///
/// Read transactions from a purchase's result, ``updates``, ``currentEntitlements``, ``all``, ``unfinished``
/// or ``latest(for:)``; each arrives wrapped in a ``VerificationResult``. Deliver the content, persist it,
/// and only then call ``finish()``.
///
/// ```swift
/// for await result in Transaction.currentEntitlements {
///     guard case .verified(let transaction) = result, transaction.revocationDate == nil else { continue }
///     unlocked.insert(transaction.productID)
/// }
/// ```
public struct Transaction: Identifiable, Hashable, Sendable {
    /// The decoded payload, in the App Store's field names.
    let payload: JWSTransactionDecodedPayload
    /// The compact JWS the payload came from (empty for transactions built in code).
    let jws: String
    /// The client the transaction came through; ``finish()`` goes back to it.
    let client: StoreClient?

    init(payload: JWSTransactionDecodedPayload, jws: String, client: StoreClient?) {
        self.payload = payload
        self.jws = jws
        self.client = client
    }

    /// The transaction identifier (`transactionId`).
    public var id: UInt64 { UInt64(payload.transactionId ?? "") ?? 0 }
    /// The identifier of the original purchase (`originalTransactionId`); renewals share it.
    public var originalID: UInt64 { UInt64(payload.originalTransactionId ?? "") ?? id }
    /// The identifier of subscription purchase events across devices (`webOrderLineItemId`).
    public var webOrderLineItemID: String? { payload.webOrderLineItemId }
    /// The product identifier.
    public var productID: String { payload.productId ?? "" }
    /// The subscription group, for auto-renewable subscriptions.
    public var subscriptionGroupID: String? { payload.subscriptionGroupIdentifier }
    /// The app's bundle identifier.
    public var appBundleID: String { payload.bundleId ?? "" }
    /// When the App Store charged the customer (or the renewal began).
    public var purchaseDate: Date { (payload.purchaseDate ?? Timestamp(milliseconds: 0)).date }
    /// When the customer first bought the product.
    public var originalPurchaseDate: Date { (payload.originalPurchaseDate ?? payload.purchaseDate ?? Timestamp(milliseconds: 0)).date }
    /// When a subscription expires or renews.
    public var expirationDate: Date? { payload.expiresDate?.date }
    /// How many were bought (consumables and non-renewing subscriptions may be bought in quantity).
    public var purchasedQuantity: Int { Int(payload.quantity ?? 1) }
    /// Whether the customer upgraded to a higher level of service in the group.
    public var isUpgraded: Bool { payload.isUpgraded ?? false }
    /// Whether the customer bought it or has it through Family Sharing.
    public var ownershipType: OwnershipType {
        payload.inAppOwnershipType == .familyShared ? .familyShared : .purchased
    }
    /// When the App Store signed the transaction.
    public var signedDate: Date { (payload.signedDate ?? Timestamp(milliseconds: 0)).date }
    /// When the App Store refunded or revoked the transaction; `nil` while it stands.
    public var revocationDate: Date? { payload.revocationDate?.date }
    /// Why the App Store refunded or revoked the transaction.
    public var revocationReason: RevocationReason? { payload.revocationReason.map { RevocationReason(rawValue: Int($0.rawValue)) } }
    /// The kind of product.
    public var productType: Product.ProductType { Product.ProductType(payload.type) }
    /// The UUID the app passed with the purchase to link it to its own account.
    public var appAccountToken: UUID? { payload.appAccountTokenUUID }
    /// The server environment that signed the transaction.
    public var environment: AppStore.Environment { AppStore.Environment(rawValue: payload.environment?.rawValue ?? "") }
    /// Whether the customer bought or the App Store renewed.
    public var reason: Reason { payload.transactionReason == .renewal ? .renewal : .purchase }
    /// The storefront the purchase was made in.
    public var storefront: Storefront {
        Storefront(
            id: payload.storefrontId ?? "", countryCode: payload.storefront ?? "",
            currencyCode: payload.currency)
    }
    /// The storefront's three-letter country code.
    public var storefrontCountryCode: String { payload.storefront ?? "" }
    /// The price the customer paid, in currency units (the JWS carries milliunits).
    public var price: Decimal? { payload.price.map { Decimal($0) / 1000 } }
    /// The currency of ``price``.
    public var currency: Locale.Currency? { payload.currency.map { Locale.Currency($0) } }
    /// The offer applied to the purchase, if any.
    public var offer: Offer? { Offer(payload) }
    /// The identifier of the app download transaction.
    public var appTransactionID: String { payload.appTransactionId ?? "" }
    /// The device verification value: SHA-384 of the nonce and this device's ``AppStore/deviceVerificationID``.
    public var deviceVerification: Data { payload.deviceVerification.flatMap { Data(base64Encoded: $0) } ?? Data() }
    /// The nonce of ``deviceVerification``.
    public var deviceVerificationNonce: UUID { payload.deviceVerificationNonceUUID ?? UUID(uuid: UUID.zero) }
    /// The payload as JSON, in the App Store's field names.
    public var jsonRepresentation: Data { PayloadJSON.encode(payload) }
    /// The compact JWS the App Store signed (the same string as the server's `signedTransactionInfo`).
    public var jwsRepresentation: String { jws }

    /// Equal when the payloads are.
    public static func == (lhs: Transaction, rhs: Transaction) -> Bool { lhs.payload == rhs.payload }

    /// Hashes the payload.
    public func hash(into hasher: inout Hasher) { hasher.combine(payload) }
}

extension UUID {
    /// The all-zero UUID.
    static let zero: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
}
