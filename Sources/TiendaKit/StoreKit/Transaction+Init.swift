import Foundation
import StoreModel

extension Transaction {
    /// Creates a transaction in code, for tests and previews; it carries no signature.
    public init(
        id: UInt64, originalID: UInt64? = nil, productID: String, productType: Product.ProductType,
        appBundleID: String = "com.example.app", purchaseDate: Date = Date(timeIntervalSince1970: 1_704_067_200),
        originalPurchaseDate: Date? = nil, expirationDate: Date? = nil, purchasedQuantity: Int = 1,
        isUpgraded: Bool = false, ownershipType: OwnershipType = .purchased, revocationDate: Date? = nil,
        revocationReason: RevocationReason? = nil, subscriptionGroupID: String? = nil,
        webOrderLineItemID: String? = nil, appAccountToken: UUID? = nil, environment: AppStore.Environment = .sandbox,
        reason: Reason = .purchase, storefront: Storefront = .unitedStates, price: Decimal? = nil,
        offer: Offer? = nil, signedDate: Date? = nil
    ) {
        let payload = JWSTransactionDecodedPayload(
            originalTransactionId: String(originalID ?? id), transactionId: String(id),
            webOrderLineItemId: webOrderLineItemID, bundleId: appBundleID, productId: productID,
            subscriptionGroupIdentifier: subscriptionGroupID, purchaseDate: Timestamp(purchaseDate),
            originalPurchaseDate: Timestamp(originalPurchaseDate ?? purchaseDate),
            expiresDate: expirationDate.map(Timestamp.init), quantity: Int32(purchasedQuantity),
            type: productType.payloadType, appAccountToken: appAccountToken?.uuidString.lowercased(),
            inAppOwnershipType: ownershipType == .familyShared ? .familyShared : .purchased,
            signedDate: Timestamp(signedDate ?? purchaseDate),
            revocationReason: revocationReason.map { StoreModel.RevocationReason(rawValue: Int32($0.rawValue)) },
            revocationDate: revocationDate.map(Timestamp.init), isUpgraded: isUpgraded ? true : nil,
            offerType: offer?.type.payloadType, offerIdentifier: offer?.id,
            environment: AppStoreEnvironment(rawValue: environment.rawValue), storefront: storefront.countryCode,
            storefrontId: storefront.id, transactionReason: reason == .renewal ? .renewal : .purchase,
            currency: price == nil ? nil : storefront.currencyCode, price: price.map(Milliunits.from),
            offerDiscountType: offer?.paymentMode?.payloadType, offerPeriod: offer?.period?.iso8601)
        self.init(payload: payload, jws: "", client: nil)
    }

    /// Tells the App Store the content was delivered; call it only after persisting what was bought.
    ///
    /// Until then the transaction stays in ``unfinished`` and is delivered again at each launch. Finishing
    /// twice does nothing; a transaction built in code finishes through the current backend.
    public func finish() async {
        guard let client = try? StoreClient.resolve(client), let id = payload.transactionId else { return }
        try? await client.backend.finish(transactionID: id)
    }
}

/// Converts between currency units and the milliunits signed payloads carry.
enum Milliunits {
    /// `price` in thousandths of the currency unit, rounded to the nearest.
    static func from(_ price: Decimal) -> Int64 {
        var scaled = price * 1000
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        return NSDecimalNumber(decimal: rounded).int64Value
    }
}
