/// A subscription group (`subscriptionGroups[]`): subscriptions of which a customer holds at most one at a time.
///
/// Group ids are not guaranteed unique (one tool-made file repeats an id across groups), so lookups that must be
/// exact go by the subscription (``StoreKitConfiguration/group(of:)``), not by id.
public struct StoreKitSubscriptionGroup: Hashable, Sendable {
    /// `id`: 8 hex digits locally, the App Store Connect id when synced ("" when missing).
    public var id: String
    /// `name`: the reference name ("" when missing).
    public var name: String
    /// `localizations`: the group's display name per locale (format 4.0+, usually empty).
    public var localizations: [StoreKitLocalization]
    /// `subscriptions`, in file order.
    public var subscriptions: [StoreKitSubscription]

    /// Creates a group.
    public init(
        id: String, name: String = "", localizations: [StoreKitLocalization] = [],
        subscriptions: [StoreKitSubscription] = []
    ) {
        self.id = id
        self.name = name
        self.localizations = localizations
        self.subscriptions = subscriptions
    }

    /// The subscriptions from the highest tier (level 1) down; file order within a level.
    public var subscriptionsByLevel: [StoreKitSubscription] {
        subscriptions.enumerated()
            .sorted { ($0.element.groupNumber, $0.offset) < ($1.element.groupNumber, $1.offset) }
            .map(\.element)
    }

    /// The subscription with `productID`.
    public func subscription(id productID: String) -> StoreKitSubscription? {
        subscriptions.first { $0.productID == productID }
    }

    /// The group's display name for `locale` from its localizations; its reference ``name`` when there is no
    /// localization or the chosen one has an empty name.
    public func displayName(for locale: String) -> String {
        guard let localized = localizations.best(for: locale)?.displayName, !localized.isEmpty else { return name }
        return localized
    }

    static func read(_ object: JSONObjectReader) throws(StoreKitConfigurationError) -> StoreKitSubscriptionGroup {
        let id = try object.string("id") ?? ""
        return StoreKitSubscriptionGroup(
            id: id,
            name: try object.string("name") ?? "",
            localizations: try object.objects("localizations", StoreKitLocalization.read),
            subscriptions: try object.objects("subscriptions") { subscription throws(StoreKitConfigurationError) in
                try StoreKitSubscription.read(subscription, groupID: id)
            })
    }
}
