/// The type of in-app purchase a transaction is for (transaction `type`).
///
/// Wire values (strings): `Auto-Renewable Subscription`, `Non-Consumable`, `Consumable`, `Non-Renewing Subscription`.
public struct ProductType: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// An auto-renewable subscription (`Auto-Renewable Subscription`).
    public static let autoRenewable = ProductType(rawValue: "Auto-Renewable Subscription")
    /// A non-consumable in-app purchase (`Non-Consumable`).
    public static let nonConsumable = ProductType(rawValue: "Non-Consumable")
    /// A consumable in-app purchase (`Consumable`).
    public static let consumable = ProductType(rawValue: "Consumable")
    /// A non-renewing subscription (`Non-Renewing Subscription`).
    public static let nonRenewable = ProductType(rawValue: "Non-Renewing Subscription")

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [ProductType] = [.autoRenewable, .nonConsumable, .consumable, .nonRenewable]
}
