import Foundation
import StoreModel
import Testing

/// The queries the engine uses: flattened products, lookups by ID, groups, levels and localized names.
@Suite struct CatalogLookupTests {
    static let configuration = StoreKitConfiguration(
        fileName: "Built.storekit",
        products: [
            StoreKitProduct(
                kind: .consumable, productID: "coins", displayPrice: "0.99",
                localizations: [
                    StoreKitLocalization(locale: "en_US", displayName: "Coins", description: "A bag of coins"),
                    StoreKitLocalization(locale: "es_ES", displayName: "Monedas", description: "Una bolsa de monedas"),
                ]),
            StoreKitProduct(kind: .nonConsumable, productID: "pro", displayPrice: "9.99", familyShareable: true),
        ],
        nonRenewingSubscriptions: [StoreKitProduct(kind: .nonRenewingSubscription, productID: "season")],
        subscriptionGroups: [
            StoreKitSubscriptionGroup(
                id: "G1", name: "Plus",
                subscriptions: [
                    StoreKitSubscription(productID: "plus.basic", subscriptionGroupID: "G1", groupNumber: 3,
                                         recurringSubscriptionPeriod: .oneMonth),
                    StoreKitSubscription(productID: "plus.top", subscriptionGroupID: "G1", groupNumber: 1,
                                         recurringSubscriptionPeriod: .oneYear),
                    StoreKitSubscription(productID: "plus.mid.monthly", subscriptionGroupID: "G1", groupNumber: 2,
                                         recurringSubscriptionPeriod: .oneMonth),
                    StoreKitSubscription(productID: "plus.mid.yearly", subscriptionGroupID: "G1", groupNumber: 2,
                                         recurringSubscriptionPeriod: .oneYear),
                ]),
            StoreKitSubscriptionGroup(
                id: "G2", name: "Extras",
                localizations: [StoreKitLocalization(locale: "es_ES", displayName: "Extras ES", description: "")],
                subscriptions: [
                    StoreKitSubscription(productID: "extras", subscriptionGroupID: "G2", recurringSubscriptionPeriod: .oneWeek)
                ]),
        ],
        settings: StoreKitSettings(locale: "es_ES"))

    @Test func allProductsAreFlattenedInFileOrderWithTheirKinds() {
        let file = Self.configuration
        #expect(file.allProducts.map(\.productID)
            == ["coins", "pro", "season", "plus.basic", "plus.top", "plus.mid.monthly", "plus.mid.yearly", "extras"])
        #expect(file.allProducts.map(\.kind) == [
            .consumable, .nonConsumable, .nonRenewingSubscription, .autoRenewableSubscription, .autoRenewableSubscription,
            .autoRenewableSubscription, .autoRenewableSubscription, .autoRenewableSubscription,
        ])
        #expect(Catalog(file).products == file.allProducts)
    }

    /// A renewal's period and price, read without the subscription: what ``Catalog/subscription(id:)`` gives,
    /// for every product of every sample file, for products of other kinds and IDs that are missing, and for an
    /// ID that repeats (the first product of an ID decides, as it does for the lookups above).
    @Test func renewalTermsAreTheSubscriptionsOwn() throws {
        var catalogs = [Catalog(Self.configuration)]
        for name in try CatalogFixtures.sampleNames() { catalogs.append(Catalog(try CatalogFixtures.load(name))) }
        let repeated = StoreKitConfiguration(
            fileName: "Repeated.storekit",
            products: [StoreKitProduct(kind: .consumable, productID: "same", displayPrice: "0.99")],
            subscriptionGroups: [
                StoreKitSubscriptionGroup(id: "G", name: "G", subscriptions: [
                    StoreKitSubscription(productID: "same", displayPrice: "4.99", subscriptionGroupID: "G",
                                         recurringSubscriptionPeriod: .oneMonth),
                    StoreKitSubscription(productID: "twice", displayPrice: "1.99", subscriptionGroupID: "G",
                                         recurringSubscriptionPeriod: .oneWeek),
                    StoreKitSubscription(productID: "twice", displayPrice: "2.99", subscriptionGroupID: "G",
                                         recurringSubscriptionPeriod: .oneYear),
                ])
            ])
        catalogs.append(Catalog(repeated))
        #expect(Catalog(repeated).recurringPeriod(of: "same") == nil)
        #expect(Catalog(repeated).recurringPeriod(of: "twice") == .oneWeek)
        #expect(Catalog(repeated).regularPriceMilliunits(of: "twice") == 1990)
        for catalog in catalogs {
            for productID in catalog.products.map(\.productID) + ["missing"] {
                let subscription = catalog.subscription(id: productID)
                #expect(catalog.recurringPeriod(of: productID) == subscription?.recurringSubscriptionPeriod, "\(productID)")
                #expect(catalog.regularPriceMilliunits(of: productID) == subscription?.displayPrice.milliunits, "\(productID)")
            }
        }
    }

    @Test func configurationAndCatalogAnswerTheSameQueries() {
        let file = Self.configuration
        let catalog = Catalog(file)
        for productID in ["coins", "pro", "season", "plus.top", "extras", "missing"] {
            #expect(catalog.product(id: productID) == file.product(id: productID), "\(productID)")
            #expect(catalog.subscription(id: productID) == file.subscription(id: productID), "\(productID)")
            #expect(catalog.group(of: productID) == file.group(of: productID), "\(productID)")
            #expect(catalog.subscriptionsInGroup(of: productID) == file.subscriptionsInGroup(of: productID), "\(productID)")
            #expect(catalog.displayName(of: productID) == file.displayName(of: productID), "\(productID)")
            #expect(catalog.description(of: productID, locale: "en_US") == file.description(of: productID, locale: "en_US"))
        }
        for kind in StoreKitProductKind.allCases {
            #expect(catalog.products(ofKind: kind) == file.products(ofKind: kind))
        }
    }

    @Test func productsAreFoundByIDWhateverTheirKind() throws {
        let catalog = Catalog(Self.configuration)
        let pro = try #require(catalog.product(id: "pro"))
        #expect(pro.kind == .nonConsumable)
        #expect(pro.familyShareable)
        #expect(pro.displayPrice.milliunits == 9_990)
        #expect(pro.standaloneProduct?.productID == "pro")
        #expect(pro.subscription == nil)
        let top = try #require(catalog.product(id: "plus.top"))
        #expect(top.subscription?.recurringSubscriptionPeriod == .oneYear)
        #expect(top.standaloneProduct == nil)
        #expect(catalog.subscription(id: "coins") == nil)
        #expect(catalog.product(id: "nothing") == nil)
        #expect(catalog.group(of: "coins") == nil)
        #expect(catalog.subscriptionsInGroup(of: "coins").isEmpty)
    }

    @Test func subscriptionsInAGroupAreOrderedByLevelThenFileOrder() {
        let catalog = Catalog(Self.configuration)
        #expect(catalog.group(of: "plus.mid.yearly")?.id == "G1")
        #expect(catalog.subscriptionsInGroup(of: "plus.basic").map(\.productID)
            == ["plus.top", "plus.mid.monthly", "plus.mid.yearly", "plus.basic"])
        #expect(catalog.subscriptionGroups.map(\.name) == ["Plus", "Extras"])
        #expect(Self.configuration.group(id: "G2")?.subscription(id: "extras")?.groupNumber == 1)
    }

    @Test func namesFollowTheFileLocaleUnlessAskedOtherwise() {
        let catalog = Catalog(Self.configuration)
        #expect(catalog.settings.locale == "es_ES")
        #expect(catalog.displayName(of: "coins") == "Monedas")
        #expect(catalog.displayName(of: "coins", locale: "en_GB") == "Coins")
        #expect(catalog.description(of: "coins", locale: "es_MX") == "Una bolsa de monedas")
        #expect(catalog.displayName(of: "pro") == nil)
        #expect(catalog.group(of: "extras")?.displayName(for: "es_ES") == "Extras ES")
        #expect(catalog.group(of: "plus.top")?.displayName(for: "es_ES") == "Plus")
    }

    @Test func repeatedProductIDsBuiltInCodeFindTheFirst() {
        let file = StoreKitConfiguration(products: [
            StoreKitProduct(kind: .consumable, productID: "same", referenceName: "first"),
            StoreKitProduct(kind: .nonConsumable, productID: "same", referenceName: "second"),
        ])
        #expect(Catalog(file).product(id: "same")?.referenceName == "first")
        #expect(file.product(id: "same")?.referenceName == "first")
    }

    @Test func aCatalogLoadsFromAFile() throws {
        let catalog = try Catalog.load(contentsOf: CatalogFixtures.sampleURL("apple__sample-food-truck__Products.storekit"))
        #expect(catalog.configuration.fileName == "apple__sample-food-truck__Products.storekit")
        #expect(catalog.products.map(\.productID) == ["feature.annualhistory", "socialfeedplus.monthly", "socialfeedplus.yearly"])
        #expect(catalog.displayName(of: "socialfeedplus.yearly", locale: "ar") == "الموجز الاجتماعي + الباقة السن")
    }
}
