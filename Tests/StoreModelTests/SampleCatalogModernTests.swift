import Foundation
import StoreModel
import Testing

/// Real files in formats 4.0 and 5.0 (Xcode 16 and 26): win-back offers, app policies, billing plans.
@Suite struct SampleCatalogModernTests {
    @Test func flutterHasAWinBackOfferAndStoredErrorChoices() throws {
        let file = try CatalogFixtures.load("flutter__packages__Configuration.storekit")
        #expect(file.version == StoreKitFormatVersion(major: 4, minor: 0))
        #expect(file.identifier == "6073E9A3")
        #expect(file.appPolicies == AppPolicies(eula: "", policies: [AppPolicies.Policy(locale: "en_US")]))
        #expect(file.products.map(\.productID) == ["consumable", "upgrade", "consumable_discounted"])
        #expect(file.products.map(\.kind) == [.consumable, .nonConsumable, .consumable])

        let settings = file.settings
        #expect(settings.storeKitErrorSetting(for: .loadProducts)?.current == SimulatedStoreKitError(type: .generic, index: 2))
        #expect(settings.storeKitErrorSetting(for: .purchase)?.current?.inferredCaseName == "productUnavailable")
        #expect(settings.storeKitErrorSetting(for: .verification)?.current == SimulatedStoreKitError(type: .verification, index: 0))
        #expect(settings.storeKitErrorSetting(for: .appStoreSync)?.current == nil)
        #expect(settings.storeKitErrorSetting(for: .appTransaction)?.current?.index == 3)
        #expect(settings.storeKitErrors.allSatisfy { !$0.enabled })
        #expect(FailableStoreKitAPI.knownValues.allSatisfy { settings.activeError(for: $0) == nil })

        #expect(file.subscriptionGroups.map(\.subscriptions.count) == [1, 1, 1])
        let silver = try #require(file.subscription(id: "subscription_silver"))
        #expect(silver.introductoryOffer == nil)
        #expect(silver.recurringSubscriptionPeriod == .oneWeek)
        let winBack = try #require(silver.winBackOffer(id: "subscription_silver_winback_offer"))
        #expect(winBack.isEligible)
        #expect(winBack.paymentMode == .payAsYouGo)
        #expect(winBack.subscriptionPeriod == .oneWeek)
        #expect(winBack.numberOfPeriods == 1)
        #expect(winBack.priceMilliunits == 990)
        #expect(winBack.referenceName == "Win Back Offer")
        let promo = try #require(silver.promotionalOffer(id: "subscription_silver_big_promo"))
        #expect(promo.paymentMode == .payAsYouGo)
        #expect(promo.referenceName == "Big Promo")
        #expect(file.subscription(id: "subscription_gold")?.winBackOffers.isEmpty == true)
        #expect(file.subscription(id: "subscription_discounted")?.introductoryOffer?.paymentMode == .payUpFront)
    }

    @Test func mercatoIsABroadHandWrittenCatalog() throws {
        let file = try CatalogFixtures.load("tikhop__Mercato__Mercato.storekit")
        #expect(file.products(ofKind: .consumable).count == 4)
        #expect(file.products(ofKind: .nonConsumable).count == 3)
        #expect(file.products(ofKind: .nonRenewingSubscription).map(\.productID)
            == ["com.mercato.tests.nonrenewing.month", "com.mercato.tests.nonrenewing.year"])
        #expect(file.subscriptionGroups.map(\.id) == ["BASIC_GROUP", "TRIAL_GROUP", "INTRO_GROUP", "PREMIUM_GROUP"])
        #expect(file.allSubscriptions.count == 10)
        #expect(file.product(id: "com.mercato.tests.consumable.coins.100")?.internalID == "CONS001")

        let settings = file.settings
        #expect(settings.disableDialogs)
        #expect(settings.timeRate == .realTime)
        #expect(!settings.billingGracePeriodEnabled && !settings.billingRetryOnRenewalEnabled)
        #expect(settings.storeKitErrors.count == 9)
        #expect(settings.storeKitErrors.first?.current == SimulatedStoreKitError(type: .generic, index: 2))
        #expect(settings.storeKitErrors.dropFirst().allSatisfy { $0.current == nil })

        #expect(file.subscription(id: "com.mercato.tests.subscription.weekly.trial")?.introductoryOffer?.subscriptionPeriod
            == .threeDays)
        #expect(file.subscription(id: "com.mercato.tests.subscription.premium.annual")?.introductoryOffer?
            .subscriptionPeriod == .twoWeeks)
        let intro = try #require(file.subscription(id: "com.mercato.tests.subscription.monthly.intro")?.introductoryOffer)
        #expect(intro.paymentMode == .payAsYouGo)
        #expect(intro.numberOfPeriods == 3)
        #expect(intro.priceMilliunits == 990)
        #expect(file.subscriptionsInGroup(of: "com.mercato.tests.subscription.weekly").map(\.internalID)
            == ["SUB_YEAR_01", "SUB_MONTH_01", "SUB_WEEK_01"])
    }

    @Test func revenueCatMaestroHasAForeignStorefrontAndGroupLocalizations() throws {
        let file = try CatalogFixtures.load("RevenueCat__purchases-ios__StoreKitConfiguration.storekit")
        #expect(file.settings.storefront == "ESP")
        #expect(file.settings.locale == "pt_BR")
        #expect(file.subscriptionOffersKeyPair?.id == "851B7BE3")
        #expect(file.subscriptionOffersKeyPair?.privateKeyDER?.count == 150)

        let first = try #require(file.group(id: "F7DE1690"))
        #expect(first.localizations == [
            StoreKitLocalization(locale: "en_US", displayName: "Editable Group", description: "Group 1")
        ])
        #expect(first.displayName(for: file.settings.locale) == "Editable Group")
        #expect(first.subscriptionsByLevel.map(\.groupNumber) == [1, 2, 3])
        #expect(file.group(id: "31558EC7")?.displayName(for: "pt_BR") == "subscription.group.2")

        let weekly = try #require(file.subscription(id: "maestro.weekly.tests.01"))
        let promo = try #require(weekly.promotionalOffer(id: "maestro.weekly.tests.promo.free.01"))
        #expect(promo.paymentMode == .free)
        #expect(promo.subscriptionPeriod == .threeDays)
        #expect(file.displayName(of: "maestro.consumable.tests.01") == "Consumable 01")
        #expect(file.products.map(\.kind) == [.nonConsumable, .consumable])
    }

    @Test func toolMadeMinifiedFileLoadsWithDefaults() throws {
        let file = try CatalogFixtures.load("RevenueCat__purchases-ios__app787ddb07e6.storekit")
        #expect(file.version == StoreKitFormatVersion(major: 4, minor: 0))
        #expect(file.identifier == "517FAB12")
        #expect(file.settings == StoreKitSettings())
        #expect(file.products.isEmpty && file.nonRenewingSubscriptions.isEmpty)
        #expect(file.appPolicies?.policies.map(\.locale) == ["en_US"])
        #expect(file.warnings.isEmpty)

        let group = try #require(file.subscriptionGroups.first)
        #expect(group.id == "3723925D")
        #expect(group.name == "Default offering")
        #expect(group.subscriptions.map(\.productID) == ["pro_monthly_subscription", "pro_annual_subscription"])
        #expect(group.subscriptions.map(\.recurringSubscriptionPeriod) == [.oneMonth, .oneYear])
        #expect(group.subscriptions.map(\.displayPrice.milliunits) == [9_990, 79_990])
        #expect(group.subscriptions.allSatisfy { $0.introductoryOffer == nil && $0.introductoryOffers.isEmpty })
    }

    @Test func revenueCatUnitTestsHasBillingPlansAndBothIntroForms() throws {
        let file = try CatalogFixtures.load("RevenueCat__purchases-ios__UnitTestsConfiguration.storekit")
        #expect(file.version == StoreKitFormatVersion(major: 5, minor: 0))
        #expect(file.identifier == "B495CDA2")
        #expect(file.settings.storeKitErrors.isEmpty)
        #expect(!file.settings.disableDialogs)
        #expect(file.settings.timeRate == .realTime)
        #expect(file.nonRenewingSubscriptions.map(\.productID) == ["com.revenuecat.non_renewable"])
        #expect(file.product(id: "com.revenuecat.non_renewable")?.displayPrice.milliunits == 1_690)
        #expect(file.subscriptionGroups.map(\.id) == ["7096FF06", "4BB746BD"])

        let commitment = try #require(file.subscription(id: "com.revenuecat.annual_with_commitment"))
        #expect(commitment.displayPrice.text == "11.88")
        #expect(commitment.introductoryOffer == nil)
        #expect(commitment.introductoryOffers.isEmpty)
        #expect(commitment.billingPlans.map(\.billingPlanType) == [.billedUpfront, .monthly])
        let monthlyPlan = try #require(commitment.billingPlans.last)
        #expect(monthlyPlan.displayPrice.milliunits == 500)
        #expect(monthlyPlan.commitmentDisplayPrice.milliunits == 6_000)
        #expect(monthlyPlan.internalID == "8BCD7D45")
        #expect(monthlyPlan.isEnabled)

        let monthly = try #require(file.subscription(id: "com.revenuecat.monthly_4.99.1_week_intro"))
        let single = try #require(monthly.introductoryOffer)
        #expect(monthly.introductoryOffers == [single])
        #expect(single.billingPlanType == .billedUpfront)
        #expect(single.subscriptionPeriod == .threeMonths)
        #expect(monthly.introductoryOffer(for: .billedUpfront) == single)
        #expect(monthly.introductoryOffer(for: .monthly) == single)
        let discount = try #require(monthly.promotionalOffer(id: "com.revenuecat.monthly_4.99.1_week_intro.year_discount"))
        #expect(discount.paymentMode == .payUpFront)
        #expect(discount.subscriptionPeriod == .oneYear)
        #expect(discount.priceMilliunits == 40_990)
        #expect(discount.billingPlanType == .billedUpfront)
        let payAsYouGo = try #require(monthly.promotionalOffer(id: "com.revenuecat.monthly_4.99.1_week_intro.pay_as_you_go"))
        #expect(payAsYouGo.numberOfPeriods == 2)
        #expect(payAsYouGo.displayPrice?.value == Decimal(string: "20.15"))
    }

    @Test func superwallAdvancedIsAVersion5FileWithoutBillingPlans() throws {
        let file = try CatalogFixtures.load("superwall__Superwall-iOS__Superwall_Advanced-Products.storekit")
        #expect(file.version == StoreKitFormatVersion(major: 5, minor: 0))
        #expect(file.settings.timeRate == .oneRenewalEveryThirtySeconds)
        #expect(file.settings.compatibilityTimeRate == .byServiceVersion(["3": .oneSecondIsOneDay]))
        #expect(file.settings.storeKitErrors.map(\.api) == FailableStoreKitAPI.knownValues)
        #expect(file.settings.storeKitErrors.allSatisfy { $0.current == nil })
        #expect(file.products.isEmpty)

        let group = try #require(file.group(id: "49A58F4B"))
        #expect(group.subscriptionsByLevel.map(\.productID) == ["superwall_diamond_8999", "superwall_pro_3999"])
        #expect(group.subscriptions.allSatisfy { $0.billingPlans.isEmpty && $0.introductoryOffers.isEmpty })
        #expect(group.subscriptions.allSatisfy { $0.introductoryOffer(for: nil) == nil })
        #expect(file.subscription(id: "superwall_pro_3999")?.displayPrice.milliunits == 39_990)
        #expect(file.displayName(of: "superwall_diamond_8999") == "Diamond Subscription")
    }

    @Test(arguments: [
        "RevenueCat__purchases-ios__Configuration.storekit",
        "RevenueCat__purchases-ios__PurchaseTesterStoreKitConfiguration.storekit",
        "RevenueCat__purchases-ios__RevenueCat_IntegrationPurchaseTesterConfiguration.storekit",
        "RevenueCat__purchases-ios__StoreKitConfiguration.storekit",
        "RevenueCat__purchases-ios__UnitTestsConfiguration.storekit",
        "RevenueCat__purchases-ios__app787ddb07e6.storekit",
        "apphud__ApphudSDK__StoreKit.storekit",
        "apple__sample-backyard-birds__Store.storekit",
        "apple__sample-food-truck__Products.storekit",
        "cntrump__SKDemo__Products.storekit",
        "flutter__packages__Configuration.storekit",
        "russell-archer__StoreHelper__Products.storekit",
        "superwall__Superwall-iOS__Products.storekit",
        "superwall__Superwall-iOS__Superwall_Advanced-Products.storekit",
        "tikhop__Mercato__Mercato.storekit",
    ])
    func everySampleLoadsWithoutWarningsAndIndexesEveryProduct(name: String) throws {
        let file = try CatalogFixtures.load(name)
        #expect(file.fileName == name)
        #expect(file.warnings.isEmpty)
        let catalog = Catalog(file)
        #expect(catalog.products.count == file.products.count + file.nonRenewingSubscriptions.count
            + file.allSubscriptions.count)
        for product in catalog.products {
            #expect(catalog.product(id: product.productID) == product)
            #expect(file.product(id: product.productID) == product)
        }
    }

    @Test func theSampleListCoversEveryFileInTheFixturesDirectory() throws {
        #expect(try CatalogFixtures.sampleNames().count == 15)
    }
}
