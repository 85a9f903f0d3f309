import Foundation

/// An in-app product, as StoreKit's `Product`: its identity, localized metadata, price in the storefront's
/// currency, and, for auto-renewable subscriptions, its subscription information.
///
/// Products come from ``products(for:)``; tests may build them with ``init(id:type:displayName:description:price:currencyCode:locale:isFamilyShareable:subscription:)``.
///
/// ```swift
/// let products = try await Product.products(for: ["com.example.pro.monthly"])
/// for product in products.sorted(by: { $0.price < $1.price }) {
///     print(product.displayName, product.displayPrice)   // Pro Monthly $4.99
/// }
/// ```
public struct Product: Identifiable, Hashable, Sendable {
    /// The product identifier from App Store Connect (`productID` in the `.storekit` file).
    public let id: String
    /// Consumable, non-consumable, non-renewing or auto-renewable.
    public let type: ProductType
    /// The localized name.
    public let displayName: String
    /// The localized description.
    public let description: String
    /// The price in the storefront's currency, as a decimal (for a subscription, the price of one period).
    public let price: Decimal
    /// The price formatted for the storefront's currency and the locale (`$4.99`, `4,99 €`).
    public let displayPrice: String
    /// Whether Family Sharing shares the product.
    public let isFamilyShareable: Bool
    /// Subscription details; `nil` unless ``type`` is ``ProductType/autoRenewable``.
    public let subscription: SubscriptionInfo?
    /// The ISO 4217 code of the currency the price is in.
    public let currencyCode: String
    /// The locale the metadata and the price are formatted for.
    public let locale: Locale
    /// The client the product was loaded through; purchases and status queries go back to it.
    let client: StoreClient?

    /// Creates a product; ``displayPrice`` is `price` formatted for `currencyCode` in `locale`.
    public init(
        id: String, type: ProductType, displayName: String, description: String, price: Decimal,
        currencyCode: String = "USD", locale: Locale = Locale(identifier: "en_US"), isFamilyShareable: Bool = false,
        subscription: SubscriptionInfo? = nil
    ) {
        self.init(
            id: id, type: type, displayName: displayName, description: description, price: price,
            currencyCode: currencyCode, locale: locale, isFamilyShareable: isFamilyShareable,
            subscription: subscription, client: nil)
    }

    init(
        id: String, type: ProductType, displayName: String, description: String, price: Decimal, currencyCode: String,
        locale: Locale, isFamilyShareable: Bool, subscription: SubscriptionInfo?, client: StoreClient?
    ) {
        self.id = id
        self.type = type
        self.displayName = displayName
        self.description = description
        self.price = price
        self.displayPrice = PriceFormatter.format(price, currencyCode: currencyCode, locale: locale)
        self.isFamilyShareable = isFamilyShareable
        self.subscription = subscription
        self.currencyCode = currencyCode
        self.locale = locale
        self.client = client
    }

    /// The format style ``displayPrice`` was made with, to format other amounts (offer prices, totals) the same way.
    public var priceFormatStyle: Decimal.FormatStyle.Currency {
        PriceFormatter.style(currencyCode: currencyCode, locale: locale)
    }

    /// The product as JSON, for logs and debugging (`jsonRepresentation`).
    public var jsonRepresentation: Data {
        let object: [String: Any] = [
            "id": id, "type": type.rawValue, "displayName": displayName, "description": description,
            "price": "\(price)", "displayPrice": displayPrice, "currencyCode": currencyCode,
            "isFamilyShareable": isFamilyShareable,
        ]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }

    /// Products are equal when everything but the client they came through is.
    public static func == (lhs: Product, rhs: Product) -> Bool {
        lhs.id == rhs.id && lhs.type == rhs.type && lhs.displayName == rhs.displayName
            && lhs.description == rhs.description && lhs.price == rhs.price && lhs.currencyCode == rhs.currencyCode
            && lhs.locale == rhs.locale && lhs.isFamilyShareable == rhs.isFamilyShareable
            && lhs.subscription == rhs.subscription
    }

    /// Hashes the identity, type and price.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(type)
        hasher.combine(price)
    }
}
