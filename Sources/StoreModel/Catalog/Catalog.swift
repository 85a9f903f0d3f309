import Foundation

/// A loaded configuration with indexes, for the engine's lookups by product ID. Immutable: build a new
/// catalog when the configuration changes.
public struct Catalog: Hashable, Sendable {
    /// The configuration and its indexes, shared by every copy: a catalog is read on every event and copied into
    /// each event's context, so a copy is one reference rather than every array and string of the file.
    private let storage: Storage

    /// The configuration the catalog indexes.
    public var configuration: StoreKitConfiguration { storage.configuration }
    /// Every product, flattened in ``StoreKitConfiguration/allProducts`` order.
    public var products: [CatalogProduct] { storage.products }

    /// Indexes a configuration. When product IDs repeat (only possible for configurations built in code),
    /// lookups find the first.
    public init(_ configuration: StoreKitConfiguration) {
        storage = Storage(configuration)
    }

    public static func == (left: Catalog, right: Catalog) -> Bool {
        left.storage === right.storage || left.configuration == right.configuration
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(configuration)
    }

    /// Loads and indexes the `.storekit` file at `url`.
    public static func load(contentsOf url: URL) throws(StoreKitConfigurationError) -> Catalog {
        Catalog(try StoreKitConfiguration.load(contentsOf: url))
    }

    /// The configuration's settings.
    public var settings: StoreKitSettings { configuration.settings }

    /// The configuration's subscription groups.
    public var subscriptionGroups: [StoreKitSubscriptionGroup] { configuration.subscriptionGroups }

    /// The product with `productID`, of any kind.
    public func product(id productID: String) -> CatalogProduct? {
        storage.productIndex[productID].map { storage.products[$0] }
    }

    /// The auto-renewable subscription with `productID`.
    public func subscription(id productID: String) -> StoreKitSubscription? {
        product(id: productID)?.subscription
    }

    /// How long one paid period of the auto-renewable subscription `productID` lasts, read without copying the
    /// subscription (which ``subscription(id:)`` does, every string and offer of it): renewals ask on every event.
    public func recurringPeriod(of productID: String) -> SubscriptionPeriod? {
        storage.subscriptionTerms[productID]?.period
    }

    /// The price of one period of the auto-renewable subscription `productID` in milliunits, `nil` when the
    /// subscription is missing or its price does not parse; read like ``recurringPeriod(of:)``.
    public func regularPriceMilliunits(of productID: String) -> Int64? {
        storage.subscriptionTerms[productID]?.priceMilliunits
    }

    /// The products of one kind, in file order.
    public func products(ofKind kind: StoreKitProductKind) -> [CatalogProduct] {
        products.filter { $0.kind == kind }
    }

    /// The group that holds the subscription `productID`.
    public func group(of productID: String) -> StoreKitSubscriptionGroup? {
        storage.groupIndex[productID].map { storage.configuration.subscriptionGroups[$0] }
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

extension Catalog {
    /// The immutable configuration and the indexes built from it once.
    private final class Storage: Sendable {
        let configuration: StoreKitConfiguration
        let products: [CatalogProduct]
        let productIndex: [String: Int]
        let groupIndex: [String: Int]
        /// Each auto-renewable subscription's period and price, by product ID (the first of repeated IDs).
        let subscriptionTerms: [String: SubscriptionTerms]

        init(_ configuration: StoreKitConfiguration) {
            self.configuration = configuration
            products = configuration.allProducts
            productIndex = Dictionary(
                products.enumerated().map { ($0.element.productID, $0.offset) }, uniquingKeysWith: { first, _ in first })
            var groups: [String: Int] = [:]
            for (index, group) in configuration.subscriptionGroups.enumerated() {
                for subscription in group.subscriptions where groups[subscription.productID] == nil {
                    groups[subscription.productID] = index
                }
            }
            groupIndex = groups
            var terms: [String: SubscriptionTerms] = [:]
            // Only where ``product(id:)`` finds a subscription: the first product of each ID.
            for (id, index) in productIndex {
                guard case .subscription(let subscription) = products[index] else { continue }
                terms[id] = SubscriptionTerms(
                    period: subscription.recurringSubscriptionPeriod, priceMilliunits: subscription.displayPrice.milliunits)
            }
            subscriptionTerms = terms
        }
    }

    /// What a renewal needs of its subscription.
    private struct SubscriptionTerms: Sendable {
        let period: SubscriptionPeriod
        let priceMilliunits: Int64?
    }
}
