/// The `type` of a product in a `.storekit` file.
public enum StoreKitProductKind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// `Consumable`: bought again and again; `products[]`.
    case consumable = "Consumable"
    /// `NonConsumable`: bought once, restorable; `products[]`.
    case nonConsumable = "NonConsumable"
    /// `NonRenewingSubscription`: time-limited access without renewals; `nonRenewingSubscriptions[]`.
    case nonRenewingSubscription = "NonRenewingSubscription"
    /// `RecurringSubscription`: an auto-renewable subscription; `subscriptionGroups[].subscriptions[]`.
    case autoRenewableSubscription = "RecurringSubscription"

    /// The kinds that `products[]` and `nonRenewingSubscriptions[]` may hold (everything outside subscription groups).
    public static let standaloneKinds: [StoreKitProductKind] = [.consumable, .nonConsumable, .nonRenewingSubscription]

    /// The wire value.
    public var description: String { rawValue }
}
