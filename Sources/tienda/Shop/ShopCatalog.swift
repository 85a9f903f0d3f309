import Foundation
import StoreModel
import TiendaKit

/// What the storefront sells and what each product unlocks, read from a `.storekit` file.
///
/// The example catalog's products have their own capabilities (Pro, Plus, dark theme, season pass); in any
/// other catalog, subscriptions and non-consumables unlock Pro. A consumable credits the number at the end of
/// its product ID (`coins.100` → 100 coins), else 1.
enum ShopCatalog {
    /// The example catalog's capabilities.
    static let exampleCapabilities: [String: Set<Capability>] = [
        "com.tienda.example.pro.monthly": [.pro], "com.tienda.example.pro.yearly": [.pro],
        "com.tienda.example.lifetime": [.pro], "com.tienda.example.plus.weekly": ["plus"],
        "com.tienda.example.theme.dark": ["darkTheme"], "com.tienda.example.season.pass": ["seasonPass"],
    ]

    /// The store configuration for a catalog.
    static func configuration(for catalog: Catalog, legacyBefore version: Int?) -> StoreConfiguration {
        var capabilities: [String: Set<Capability>] = [:]
        var coins: [String: Int] = [:]
        for product in catalog.products {
            switch product.kind {
            case .consumable:
                coins[product.productID] = product.productID.split(separator: ".").last.flatMap { Int($0) } ?? 1
            default:
                capabilities[product.productID] = exampleCapabilities[product.productID] ?? [.pro]
            }
        }
        return StoreConfiguration(
            productIDs: catalog.products.map(\.productID), capabilities: CapabilityMap(capabilities),
            consumableAmounts: coins, subscriptionGroupID: catalog.subscriptionGroups.first?.id,
            legacyAccess: version.map { LegacyAccessRule(paidSinceVersion: $0) }, catalogRetryDelay: .milliseconds(500))
    }
}
