import Foundation
import StoreModel

extension Product {
    /// The StoreKit product for a `.storekit` catalog entry, localized for `locale` and priced in `currencyCode`.
    ///
    /// Backends that read `.storekit` catalogs (the in-process engine, a server answering with catalog entries)
    /// build their products with it.
    public init(catalogProduct product: CatalogProduct, catalog: Catalog, locale: String, currencyCode: String) {
        let foundationLocale = Locale(identifier: locale)
        let localization = product.localization(for: locale)
        let subscription = product.subscription.map { subscription in
            Product.SubscriptionInfo(
                subscription, group: catalog.group(of: subscription.productID), locale: foundationLocale,
                localeIdentifier: locale, currencyCode: currencyCode)
        }
        self.init(
            id: product.productID, type: Product.ProductType(product.kind),
            displayName: localization?.displayName ?? product.referenceName,
            description: localization?.description ?? "", price: product.displayPrice.value ?? 0,
            currencyCode: currencyCode, locale: foundationLocale, isFamilyShareable: product.familyShareable,
            subscription: subscription, client: nil)
    }
}

extension Product.ProductType {
    /// The type of a catalog product kind.
    init(_ kind: StoreKitProductKind) {
        switch kind {
        case .consumable: self = .consumable
        case .nonConsumable: self = .nonConsumable
        case .nonRenewingSubscription: self = .nonRenewable
        default: self = .autoRenewable
        }
    }
}

extension Product.SubscriptionInfo {
    /// The subscription information of a catalog subscription.
    init(
        _ subscription: StoreKitSubscription, group: StoreKitSubscriptionGroup?, locale: Locale, localeIdentifier: String,
        currencyCode: String
    ) {
        func offer<Offer: SubscriptionOffer>(_ offer: Offer, id: String?, type: Product.SubscriptionOffer.OfferType) -> Product.SubscriptionOffer {
            let price = offer.paymentMode == .free ? Decimal(0) : offer.displayPrice?.value ?? 0
            let mode: Product.SubscriptionOffer.PaymentMode = switch offer.paymentMode {
            case .free: .freeTrial
            case .payAsYouGo: .payAsYouGo
            case .payUpFront: .payUpFront
            }
            return Product.SubscriptionOffer(
                id: id, type: type, price: price,
                displayPrice: PriceFormatter.format(price, currencyCode: currencyCode, locale: locale),
                period: Product.SubscriptionPeriod(offer.subscriptionPeriod), periodCount: offer.numberOfPeriods,
                paymentMode: mode)
        }
        self.init(
            subscriptionGroupID: subscription.subscriptionGroupID,
            groupDisplayName: group?.displayName(for: localeIdentifier), groupLevel: subscription.groupNumber,
            subscriptionPeriod: Product.SubscriptionPeriod(subscription.recurringSubscriptionPeriod),
            introductoryOffer: subscription.introductoryOffer().map { offer($0, id: nil, type: .introductory) },
            promotionalOffers: subscription.promotionalOffers.map { offer($0, id: $0.offerID, type: .promotional) },
            winBackOffers: subscription.winBackOffers.map { offer($0, id: $0.offerID, type: .winBack) }, client: nil)
    }
}
