import StoreModel

/// The transaction of a consumable, non-consumable or non-renewing subscription purchase.
enum OneTimePurchase {
    /// The product type a `.storekit` kind has in payloads.
    static func productType(of kind: StoreKitProductKind) -> ProductType {
        switch kind {
        case .consumable: return .consumable
        case .nonConsumable: return .nonConsumable
        case .nonRenewingSubscription: return .nonRenewable
        case .autoRenewableSubscription: return .autoRenewable
        }
    }

    /// Whether the kind may be bought in quantities above 1 (`quantity(_:)` allows 1…10 for these).
    static func allowsQuantity(_ kind: StoreKitProductKind) -> Bool {
        kind == .consumable || kind == .nonRenewingSubscription
    }

    /// A new purchase's transaction: `originalTransactionId` = `transactionId`, price × quantity.
    static func transaction(
        id: String, product: StoreKitProduct, quantity: Int, appAccountToken: String?, context: LifecycleContext,
        ownership: InAppOwnershipType = .purchased
    ) -> JWSTransactionDecodedPayload {
        JWSTransactionDecodedPayload(
            originalTransactionId: id, transactionId: id, bundleId: context.bundleId, productId: product.productID,
            purchaseDate: context.now, originalPurchaseDate: context.now, quantity: Int32(quantity),
            type: productType(of: product.kind), appAccountToken: appAccountToken, inAppOwnershipType: ownership,
            environment: context.environment, storefront: context.storefront.countryCode,
            storefrontId: context.storefront.id, transactionReason: .purchase, currency: context.storefront.currency,
            price: (product.displayPrice.milliunits ?? 0) * Int64(quantity), appTransactionId: context.appTransactionId)
    }

    /// A family member's copy of a purchaser's non-consumable: own IDs, `FAMILY_SHARED`, granted now.
    static func familyCopy(
        of source: JWSTransactionDecodedPayload, id: String, context: LifecycleContext
    ) -> JWSTransactionDecodedPayload {
        var copy = source
        copy.transactionId = id
        copy.originalTransactionId = id
        copy.purchaseDate = context.now
        copy.originalPurchaseDate = context.now
        copy.inAppOwnershipType = .familyShared
        copy.appAccountToken = nil
        copy.storefront = context.storefront.countryCode
        copy.storefrontId = context.storefront.id
        copy.appTransactionId = context.appTransactionId
        copy.signedDate = nil
        return copy
    }
}
