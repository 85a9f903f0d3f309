/// Lookups over a configuration by scanning it (catalogs are small). ``Catalog`` offers the same with indexes.
extension StoreKitConfiguration {
    /// Every product flattened: `products`, then `nonRenewingSubscriptions`, then each group's subscriptions,
    /// in file order.
    public var allProducts: [CatalogProduct] {
        products.map(CatalogProduct.product) + nonRenewingSubscriptions.map(CatalogProduct.product)
            + allSubscriptions.map(CatalogProduct.subscription)
    }

    /// Every auto-renewable subscription, group by group in file order.
    public var allSubscriptions: [StoreKitSubscription] {
        subscriptionGroups.flatMap(\.subscriptions)
    }

    /// The products of one kind, in ``allProducts`` order.
    public func products(ofKind kind: StoreKitProductKind) -> [CatalogProduct] {
        allProducts.filter { $0.kind == kind }
    }

    /// The product with `productID`, of any kind.
    public func product(id productID: String) -> CatalogProduct? {
        if let product = products.first(where: { $0.productID == productID })
            ?? nonRenewingSubscriptions.first(where: { $0.productID == productID })
        {
            return .product(product)
        }
        return subscription(id: productID).map(CatalogProduct.subscription)
    }

    /// The auto-renewable subscription with `productID`.
    public func subscription(id productID: String) -> StoreKitSubscription? {
        for group in subscriptionGroups {
            if let subscription = group.subscription(id: productID) { return subscription }
        }
        return nil
    }

    /// The group that holds the subscription `productID` (found by containment, so it is right even when
    /// group ids repeat).
    public func group(of productID: String) -> StoreKitSubscriptionGroup? {
        subscriptionGroups.first { $0.subscription(id: productID) != nil }
    }

    /// The first group with id `groupID`.
    public func group(id groupID: String) -> StoreKitSubscriptionGroup? {
        subscriptionGroups.first { $0.id == groupID }
    }

    /// The subscriptions of the group holding `productID`, from the highest tier (level 1) down.
    public func subscriptionsInGroup(of productID: String) -> [StoreKitSubscription] {
        group(of: productID)?.subscriptionsByLevel ?? []
    }

    /// The display name of `productID` for `locale` (default: the file's `_locale`).
    public func displayName(of productID: String, locale: String? = nil) -> String? {
        product(id: productID)?.displayName(for: locale ?? settings.locale)
    }

    /// The description of `productID` for `locale` (default: the file's `_locale`).
    public func description(of productID: String, locale: String? = nil) -> String? {
        product(id: productID)?.description(for: locale ?? settings.locale)
    }
}
