/// Any product of a catalog, whatever array it came from: the flattened view the engine works with.
public enum CatalogProduct: Hashable, Sendable {
    /// A consumable, non-consumable or non-renewing subscription.
    case product(StoreKitProduct)
    /// An auto-renewable subscription.
    case subscription(StoreKitSubscription)

    /// The product's kind.
    public var kind: StoreKitProductKind {
        switch self {
        case .product(let product): return product.kind
        case .subscription: return .autoRenewableSubscription
        }
    }

    /// `productID`.
    public var productID: String {
        switch self {
        case .product(let product): return product.productID
        case .subscription(let subscription): return subscription.productID
        }
    }

    /// `referenceName`.
    public var referenceName: String {
        switch self {
        case .product(let product): return product.referenceName
        case .subscription(let subscription): return subscription.referenceName
        }
    }

    /// `displayPrice` (for a subscription, the price of one period).
    public var displayPrice: DisplayPrice {
        switch self {
        case .product(let product): return product.displayPrice
        case .subscription(let subscription): return subscription.displayPrice
        }
    }

    /// `familyShareable`.
    public var familyShareable: Bool {
        switch self {
        case .product(let product): return product.familyShareable
        case .subscription(let subscription): return subscription.familyShareable
        }
    }

    /// `internalID`.
    public var internalID: String {
        switch self {
        case .product(let product): return product.internalID
        case .subscription(let subscription): return subscription.internalID
        }
    }

    /// `localizations`.
    public var localizations: [StoreKitLocalization] {
        switch self {
        case .product(let product): return product.localizations
        case .subscription(let subscription): return subscription.localizations
        }
    }

    /// The subscription, when this is one.
    public var subscription: StoreKitSubscription? {
        if case .subscription(let subscription) = self { return subscription }
        return nil
    }

    /// The consumable, non-consumable or non-renewing product, when this is one.
    public var standaloneProduct: StoreKitProduct? {
        if case .product(let product) = self { return product }
        return nil
    }

    /// The best localization for `locale` (exact, then same language, then first).
    public func localization(for locale: String) -> StoreKitLocalization? { localizations.best(for: locale) }

    /// The display name for `locale`, or `nil` without localizations.
    public func displayName(for locale: String) -> String? { localization(for: locale)?.displayName }

    /// The description for `locale`, or `nil` without localizations.
    public func description(for locale: String) -> String? { localization(for: locale)?.description }
}
