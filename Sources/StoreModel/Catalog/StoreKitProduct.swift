/// A consumable, non-consumable or non-renewing subscription (`products[]`, `nonRenewingSubscriptions[]`).
public struct StoreKitProduct: Hashable, Sendable {
    /// Consumable, non-consumable or non-renewing subscription.
    public var kind: StoreKitProductKind
    /// `productID`: the StoreKit product identifier.
    public var productID: String
    /// `referenceName`: the internal name ("" when missing).
    public var referenceName: String
    /// `displayPrice`: the price in the storefront's currency (empty text when missing).
    public var displayPrice: DisplayPrice
    /// `familyShareable` (false when missing).
    public var familyShareable: Bool
    /// `internalID`: 8 hex digits, an App Store Connect Apple ID, or anything hand-written ("" when missing).
    public var internalID: String
    /// `localizations`.
    public var localizations: [StoreKitLocalization]

    /// Creates a product.
    public init(
        kind: StoreKitProductKind, productID: String, referenceName: String = "", displayPrice: DisplayPrice = "",
        familyShareable: Bool = false, internalID: String = "", localizations: [StoreKitLocalization] = []
    ) {
        self.kind = kind
        self.productID = productID
        self.referenceName = referenceName
        self.displayPrice = displayPrice
        self.familyShareable = familyShareable
        self.internalID = internalID
        self.localizations = localizations
    }

    /// The best localization for `locale` (see `Array<StoreKitLocalization>.best(for:)`).
    public func localization(for locale: String) -> StoreKitLocalization? { localizations.best(for: locale) }

    /// The display name for `locale`, or `nil` without localizations.
    public func displayName(for locale: String) -> String? { localization(for: locale)?.displayName }

    /// The description for `locale`, or `nil` without localizations.
    public func description(for locale: String) -> String? { localization(for: locale)?.description }

    /// Reads one entry; `defaultKind` applies when `type` is missing (`nil` makes `type` required).
    static func read(
        _ object: JSONObjectReader, defaultKind: StoreKitProductKind?
    ) throws(StoreKitConfigurationError) -> StoreKitProduct {
        let allowed = StoreKitProductKind.standaloneKinds.map(\.rawValue)
        let kind: StoreKitProductKind
        if let typeNode = object.child("type") {
            let text = try typeNode.string()
            guard let parsed = StoreKitProductKind(rawValue: text), parsed != .autoRenewableSubscription else {
                throw object.context.error(at: typeNode.path, .notOneOf(text, allowed: allowed))
            }
            kind = parsed
        } else if let defaultKind {
            kind = defaultKind
        } else {
            throw object.context.error(
                at: object.path.appending(key: "type"),
                .missing(expected: "one of " + allowed.joined(separator: ", ")))
        }
        return StoreKitProduct(
            kind: kind,
            productID: try object.requiredString("productID", expected: "a product ID string"),
            referenceName: try object.string("referenceName") ?? "",
            displayPrice: try DisplayPrice.read("displayPrice", in: object) ?? "",
            familyShareable: try object.bool("familyShareable") ?? false,
            internalID: try object.string("internalID") ?? "",
            localizations: try object.objects("localizations", StoreKitLocalization.read))
    }
}
