import Foundation
import StoreModel
import Testing

/// Real files in format 3.0 (Xcode 15): `_storeKitErrors`, dictionary compatibility rates, synced files.
@Suite struct SampleCatalogVersion3Tests {
    @Test func backyardBirdsHasThreeTiersAndTheFullErrorList() throws {
        let file = try CatalogFixtures.load("apple__sample-backyard-birds__Store.storekit")
        #expect(file.version == StoreKitFormatVersion(major: 3, minor: 0))
        #expect(file.identifier == "DD874EC3")
        #expect(file.products(ofKind: .consumable).count == 6)
        #expect(file.products.allSatisfy { $0.kind == .consumable })
        #expect(file.product(id: "nectar.bottle")?.displayPrice.milliunits == 1_990)

        let errors = file.settings.storeKitErrors
        #expect(errors.map(\.api) == FailableStoreKitAPI.knownValues)
        #expect(errors.allSatisfy { !$0.enabled && $0.current == nil })
        #expect(file.settings.activeError(for: .purchase) == nil)
        #expect(!file.settings.failTransactionsEnabled)

        let group = try #require(file.group(id: "6F3A93AB"))
        #expect(group.name == "Backyard Birds Pass")
        #expect(group.subscriptions.map(\.groupNumber) == [3, 2, 1])
        #expect(group.subscriptionsByLevel.map { $0.displayName(for: "en_US") } == ["Premium", "Family", "Individual"])
        #expect(group.subscriptions.map(\.familyShareable) == [false, true, true])
        #expect(group.subscriptions.allSatisfy {
            $0.introductoryOffer?.paymentMode == .free && $0.introductoryOffer?.subscriptionPeriod == .oneMonth
        })
    }

    @Test func revenueCatIntegrationTesterHasADictionaryRateKeyPairAndChosenError() throws {
        let file = try CatalogFixtures.load(
            "RevenueCat__purchases-ios__RevenueCat_IntegrationPurchaseTesterConfiguration.storekit")
        #expect(file.identifier == "B495CDA2")
        #expect(file.settings.timeRate == .monthlyRenewalEveryFiveMinutes)
        #expect(file.settings.compatibilityTimeRate == .byServiceVersion(["3": .oneSecondIsOneDay]))
        #expect(file.settings.compatibilityTimeRate?.rate(forServiceVersion: 4) == nil)

        let redeem = try #require(file.settings.storeKitErrorSetting(for: .offerCodeRedeem))
        #expect(redeem.current == SimulatedStoreKitError(type: .generic, index: 4))
        #expect(redeem.current?.inferredCaseName == "notAvailableInStorefront")
        #expect(!redeem.enabled)
        #expect(redeem.activeError == nil)

        let keyPair = try #require(file.subscriptionOffersKeyPair)
        #expect(keyPair.id == "C815358F")
        #expect(keyPair.privateKey.hasPrefix("MIGTAgEAMBMGByqGSM49"))
        #expect(keyPair.privateKeyDER?.count == 150)

        #expect(file.subscriptionGroups.map(\.id) == ["7096FF06", "727DE911", "45445385", "ADE6FE00"])
        #expect(file.allSubscriptions.count == 9)
        #expect(Set(file.allSubscriptions.map(\.recurringSubscriptionPeriod)) == [.oneWeek, .oneMonth, .oneYear])
        #expect(file.products.map(\.kind) == [.nonConsumable, .consumable])

        let monthly = try #require(file.subscription(id: "com.revenuecat.monthly_4.99.1_week_intro"))
        let promo = try #require(monthly.promotionalOffer(id: "com.revenuecat.monthly_4.99.1_free_week"))
        #expect(promo.paymentMode == .free)
        #expect(promo.subscriptionPeriod == .oneWeek)
        #expect(promo.internalID == "EC7974C4")
        let code = try #require(monthly.offerCode(referenceName: "Offer codes"))
        #expect(code.subscriptionPeriod == .threeDays)
        #expect(code.eligibility == [.existing, .expired, .new])
        #expect(monthly.displayName(for: "es_ES") == "Mensual con prueba gratis")
        #expect(monthly.displayName(for: "es_MX") == "Mensual con prueba gratis")
        #expect(file.subscription(id: "com.revenuecat.weekly_1.99.3_day_intro")?.introductoryOffer?.subscriptionPeriod
            == .threeDays)
    }

    @Test func purchaseTesterIsASyncedFileWithThirteenSubscriptions() throws {
        let file = try CatalogFixtures.load("RevenueCat__purchases-ios__PurchaseTesterStoreKitConfiguration.storekit")
        let settings = file.settings
        #expect(settings.applicationInternalID == "1552944963")
        #expect(settings.developerTeamID == "8SXR2327BM")
        let synced = try #require(settings.lastSynchronizedDate)
        #expect(abs(synced.timeIntervalSinceReferenceDate - 743_722_291.470198) < 0.001)
        #expect(abs(synced.timeIntervalSince1970 - 1_722_029_491.470198) < 0.001)
        #expect(settings.timeRate == .realTime)

        #expect(file.products(ofKind: .consumable).map(\.productID) == ["com.revenuecat.purchaseTester.500coins.1.99"])
        #expect(file.products(ofKind: .nonConsumable).map(\.productID) == ["com.revenuecat.purchaseTester.lifetime.199.99"])
        let archive = try #require(file.nonRenewingSubscriptions.first)
        #expect(archive.productID == "com.revenuecat.purchaseTester.archiveSub.1.20.99")
        #expect(archive.internalID == "1572864918")
        #expect(archive.displayPrice.milliunits == 20_990)

        #expect(file.subscriptionGroups.count == 6)
        #expect(file.allSubscriptions.count == 13)
        let twoMonths = try #require(file.subscription(id: "test_refname2"))
        #expect(twoMonths.recurringSubscriptionPeriod == .twoMonths)
        #expect(twoMonths.groupNumber == 2)

        let p1 = try #require(file.subscription(id: "P1"))
        #expect(p1.promotionalOffers.count == 3)
        let payAsYouGo = try #require(p1.promotionalOffer(id: "deema_promo2_offer_id"))
        #expect(payAsYouGo.paymentMode == .payAsYouGo)
        #expect(payAsYouGo.numberOfPeriods == 3)
        #expect(payAsYouGo.priceMilliunits == 990)
        let expiredOnly = try #require(p1.offerCode(referenceName: "deema-offer-code-expired-subs-no-intro"))
        #expect(expiredOnly.numberOfPeriods == 5)
        #expect(expiredOnly.eligibility == [.expired])
        #expect(file.subscription(id: "P2")?.introductoryOffer
            == StoreKitIntroductoryOffer(
                internalID: "FA59D2DF", paymentMode: .payUpFront, subscriptionPeriod: .twoMonths, numberOfPeriods: 1,
                displayPrice: "2.99"))

        #expect(file.displayName(of: "greenie_annual") == "Annual")
        #expect(file.product(id: "greenie_annual")?.localization(for: "en_US")?.locale == "en_GB")
        #expect(file.subscription(id: "demo2023_mv")?.localizations.isEmpty == true)
        #expect(file.displayName(of: "demo2023_mv") == nil)
    }

    @Test func apphudHasSevenLevelsAndAFixedFifteenMinuteRate() throws {
        let file = try CatalogFixtures.load("apphud__ApphudSDK__StoreKit.storekit")
        #expect(file.settings.timeRate == .oneRenewalEveryFifteenMinutes)
        #expect(file.settings.compatibilityTimeRate == .byServiceVersion(["3": .thirtySecondsIsOneDay]))
        #expect(file.settings.applicationInternalID == "1588941280")
        #expect(file.settings.developerTeamID == "JLG6CF288G")
        #expect(file.products(ofKind: .consumable).count == 2)
        #expect(file.products(ofKind: .nonConsumable).count == 1)

        let lifetime = try #require(file.product(id: "com.apphud.lifetime"))
        #expect(lifetime.displayPrice.text == "0.0")
        #expect(lifetime.displayPrice.value == 0)
        #expect(lifetime.displayPrice.milliunits == 0)

        let group = try #require(file.subscriptionGroups.first)
        #expect(file.subscriptionGroups.count == 1)
        #expect(group.name == "PRO")
        #expect(group.subscriptionsByLevel.map(\.groupNumber) == [1, 2, 3, 4, 5, 6, 7])
        #expect(group.subscriptionsByLevel.map(\.productID) == [
            "com.apphud.weekly", "com.apphud.monthly_promo", "com.apphud.intro", "com.apphud.year",
            "com.apphud.year.trial", "com.apphud.monthly.trial", "com.apphud.monthly.trial2",
        ])
        let skidos = try #require(file.subscription(id: "com.apphud.monthly_promo")?
            .promotionalOffer(id: "com.apphud.monthly_promo_skidos"))
        #expect(skidos.paymentMode == .payUpFront)
        #expect(skidos.subscriptionPeriod == .threeMonths)
        #expect(skidos.displayPrice?.milliunits == 990)
        #expect(skidos.referenceName == "Skidos")
        #expect(file.subscription(id: "com.apphud.monthly.trial2")?.introductoryOffer?.subscriptionPeriod == .sixMonths)
        #expect(file.subscription(id: "com.apphud.weekly")?.introductoryOffer?.subscriptionPeriod == .threeDays)
    }
}
