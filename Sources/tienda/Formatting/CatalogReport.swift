import StoreModel

/// The machine-readable form of `tienda catalog check --json`: one entry per file.
struct CatalogReport: Encodable {
    struct Product: Encodable {
        var productID: String
        var kind: String
        var displayPrice: String
        var familyShareable: Bool
        var displayName: String?
    }

    struct Offer: Encodable {
        var kind: String
        var identifier: String?
        var paymentMode: String
        var period: String
        var numberOfPeriods: Int
        var displayPrice: String?
    }

    struct Subscription: Encodable {
        var productID: String
        var level: Int
        var period: String
        var displayPrice: String
        var familyShareable: Bool
        var offers: [Offer]
    }

    struct Group: Encodable {
        var id: String
        var name: String
        var subscriptions: [Subscription]
    }

    struct Settings: Encodable {
        var timeRate: Int
        var timeRateName: String?
        var storefront: String
        var locale: String
        var askToBuyEnabled: Bool
        var interruptedPurchasesEnabled: Bool
        var billingRetryOnRenewalEnabled: Bool
        var billingGracePeriodEnabled: Bool
        var disableDialogs: Bool
        var simulatedErrors: [String: String]
    }

    var file: String
    var loaded: Bool
    var error: String?
    var formatVersion: String?
    var identifier: String?
    var products: [Product] = []
    var subscriptionGroups: [Group] = []
    var settings: Settings?
    var warnings: [String] = []

    /// A report for a file that failed to load.
    init(file: String, error: String) {
        self.file = file
        self.loaded = false
        self.error = error
    }

    /// A report for a loaded file.
    init(file: String, configuration: StoreKitConfiguration) {
        self.file = file
        self.loaded = true
        let locale = configuration.settings.locale
        formatVersion = configuration.version.map { "\($0.major).\($0.minor)" }
        identifier = configuration.identifier
        products = (configuration.products + configuration.nonRenewingSubscriptions).map {
            Product(
                productID: $0.productID, kind: $0.kind.rawValue, displayPrice: $0.displayPrice.text,
                familyShareable: $0.familyShareable, displayName: $0.displayName(for: locale))
        }
        subscriptionGroups = configuration.subscriptionGroups.map { group in
            Group(
                id: group.id, name: group.name,
                subscriptions: group.subscriptionsByLevel.map(Self.subscription))
        }
        let values = configuration.settings
        settings = Settings(
            timeRate: values.timeRate.rawValue, timeRateName: values.timeRate.name, storefront: values.storefront,
            locale: values.locale, askToBuyEnabled: values.askToBuyEnabled,
            interruptedPurchasesEnabled: values.interruptedPurchasesEnabled,
            billingRetryOnRenewalEnabled: values.billingRetryOnRenewalEnabled,
            billingGracePeriodEnabled: values.billingGracePeriodEnabled, disableDialogs: values.disableDialogs,
            simulatedErrors: Dictionary(
                values.storeKitErrors.compactMap { setting in setting.activeError.map { (setting.api.rawValue, "\($0)") } },
                uniquingKeysWith: { first, _ in first }))
        warnings = configuration.warnings.map(\.description)
    }

    private static func subscription(_ subscription: StoreKitSubscription) -> Subscription {
        var intros = subscription.introductoryOffers
        if intros.isEmpty, let single = subscription.introductoryOffer { intros = [single] }
        let offers =
            intros.map { offer("introductory", nil, $0) }
            + subscription.promotionalOffers.map { offer("promotional", $0.offerID, $0) }
            + subscription.offerCodes.map { offer("offerCode", $0.referenceName, $0) }
            + subscription.winBackOffers.map { offer("winBack", $0.offerID, $0) }
        return Subscription(
            productID: subscription.productID, level: subscription.groupNumber,
            period: subscription.recurringSubscriptionPeriod.iso8601, displayPrice: subscription.displayPrice.text,
            familyShareable: subscription.familyShareable, offers: offers)
    }

    private static func offer(_ kind: String, _ identifier: String?, _ offer: some SubscriptionOffer) -> Offer {
        Offer(
            kind: kind, identifier: identifier, paymentMode: offer.paymentMode.rawValue,
            period: offer.subscriptionPeriod.iso8601, numberOfPeriods: offer.numberOfPeriods,
            displayPrice: offer.displayPrice?.text)
    }
}
