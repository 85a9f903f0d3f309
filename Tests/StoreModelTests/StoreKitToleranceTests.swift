import Foundation
import StoreModel
import Testing

/// The leniency real files need: missing keys, `null`, unknown keys, keys newer than the version, odd values.
@Suite struct StoreKitToleranceTests {
    @Test func anEmptyObjectIsAnEmptyCatalogWithDefaultSettings() throws {
        let file = try CatalogFixtures.parse("{}", fileName: "Minimal.storekit")
        #expect(file.fileName == "Minimal.storekit")
        #expect(file.identifier == nil)
        #expect(file.version == nil)
        #expect(file.allProducts.isEmpty)
        #expect(file.subscriptionGroups.isEmpty)
        #expect(file.subscriptionOffersKeyPair == nil)
        #expect(file.appPolicies == nil)
        #expect(file.warnings.isEmpty)
        let settings = file.settings
        #expect(settings == StoreKitSettings())
        #expect(settings.timeRate == .realTime)
        #expect(settings.locale == "en_US")
        #expect(settings.storefront == "USA")
        #expect(!settings.askToBuyEnabled && !settings.disableDialogs && !settings.interruptedPurchasesEnabled)
        #expect(settings.storeKitErrors.isEmpty)
        #expect(settings.lastSynchronizedDate == nil)
    }

    @Test func aVersion1Point0StyleFileLoads() throws {
        let file = try CatalogFixtures.parse(
            #"""
            {
              "products" : [
                { "displayPrice" : "0.99", "familyShareable" : false, "internalID" : "0A1B2C3D",
                  "localizations" : [ { "description" : "", "displayName" : "Gems", "locale" : "en_US" } ],
                  "productID" : "gems", "referenceName" : "gems", "type" : "Consumable" }
              ],
              "settings" : {

              },
              "subscriptionGroups" : [
                { "id" : "7096FF06", "localizations" : [

                  ], "name" : "group", "subscriptions" : [
                    { "adHocOffers" : [

                      ], "displayPrice" : "2.99", "familyShareable" : false, "groupNumber" : 1,
                      "internalID" : "E5E51B92", "introductoryOffer" : null,
                      "localizations" : [ { "description" : "", "displayName" : "", "locale" : "en_US" } ],
                      "productID" : "monthly", "recurringSubscriptionPeriod" : "P1M", "referenceName" : "monthly",
                      "subscriptionGroupID" : "7096FF06", "type" : "RecurringSubscription" }
                  ] }
              ],
              "version" : { "major" : 1, "minor" : 0 }
            }
            """#)
        #expect(file.version == StoreKitFormatVersion(major: 1, minor: 0))
        #expect(file.version.map { $0 < StoreKitFormatVersion(major: 1, minor: 1) } == true)
        #expect(file.nonRenewingSubscriptions.isEmpty)
        #expect(file.product(id: "gems")?.kind == .consumable)
        let monthly = try #require(file.subscription(id: "monthly"))
        #expect(monthly.offerCodes.isEmpty && monthly.winBackOffers.isEmpty && monthly.billingPlans.isEmpty)
        #expect(monthly.introductoryOffer == nil)
        #expect(file.warnings.isEmpty)
    }

    @Test func keysNewerThanTheDeclaredVersionAreRead() throws {
        let file = try CatalogFixtures.parse(
            #"""
            {"version": {"major": 2, "minor": 0},
             "settings": {"_timeRate": 1002, "_disableDialogs": true,
                          "_storeKitErrors": [{"name": "Purchase", "enabled": true, "current": {"type": "purchase", "index": 3}}]},
             "appPolicies": {"eula": "Be nice.", "policies": [{"locale": "en_US", "policyText": "We keep nothing.",
                                                                "policyURL": "https://example.com/privacy"}]},
             "subscriptionGroups": [{"id": "G", "subscriptions": [{"productID": "annual", "groupNumber": 1,
               "recurringSubscriptionPeriod": "P1Y",
               "billingPlans": [{"billingPlanType": "MONTHLY", "displayPrice": "1.00", "commitmentDisplayPrice": "12.00",
                                 "internalID": "B1", "isEnabled": false}],
               "introductoryOffers": [{"paymentMode": "free", "subscriptionPeriod": "P1W", "billingPlanType": "MONTHLY"}],
               "winbackOffers": [{"offerID": "back", "paymentMode": "payUpFront", "subscriptionPeriod": "P3M",
                                  "displayPrice": "4.99", "isEligible": false}]}]}]}
            """#)
        #expect(file.settings.timeRate == .oneRenewalEveryMinute)
        #expect(file.settings.disableDialogs)
        #expect(file.settings.activeError(for: .purchase) == SimulatedStoreKitError(type: .purchase, index: 3))
        #expect(file.settings.activeError(for: .purchase)?.description == "purchase[3] (ineligibleForOffer)")
        #expect(file.appPolicies?.eula == "Be nice.")
        #expect(file.appPolicies?.policies.first?.policyURL == "https://example.com/privacy")
        let annual = try #require(file.subscription(id: "annual"))
        #expect(annual.billingPlans == [
            StoreKitBillingPlan(billingPlanType: .monthly, displayPrice: "1.00", commitmentDisplayPrice: "12.00", internalID: "B1",
                        isEnabled: false)
        ])
        #expect(annual.introductoryOffer(for: .monthly)?.subscriptionPeriod == .oneWeek)
        #expect(annual.winBackOffer(id: "back")?.paymentMode == .payUpFront)
        #expect(annual.winBackOffer(id: "back")?.isEligible == false)
    }

    @Test func unknownKeysAndValuesAreIgnoredOrKept() throws {
        let file = try CatalogFixtures.parse(
            #"""
            {"futureTopLevel": {"anything": [1, 2, {"deep": null}]},
             "identifier": null,
             "products": [{"productID": "a", "type": "NonConsumable", "sparkle": true, "localizations": null}],
             "settings": {"_futureSetting": "on", "_timeRate": 14,
                          "_storeKitErrors": [{"name": "Teleport Sheet", "enabled": false,
                                               "current": {"type": "teleport", "index": 0}}]},
             "subscriptionGroups": [{"id": "G", "mood": "calm", "subscriptions": [{"productID": "s",
               "recurringSubscriptionPeriod": "P1M", "groupNumber": 1, "introductoryOffer": null,
               "codeOffers": [{"paymentMode": "free", "subscriptionPeriod": "P1M", "eligibility": ["new", "lapsed"],
                               "glitter": 3}],
               "billingPlans": [{"billingPlanType": "QUARTERLY", "displayPrice": "3.00"}]}]}]}
            """#)
        #expect(file.identifier == nil)
        #expect(file.product(id: "a")?.localizations == [])
        #expect(file.settings.timeRate == TimeRate(rawValue: 14))
        #expect(!file.settings.timeRate.isKnown)
        #expect(file.settings.timeRate.renewalInterval(for: .oneMonth) == .calendar(.oneMonth))
        let entry = try #require(file.settings.storeKitErrors.first)
        #expect(entry.api == FailableStoreKitAPI(rawValue: "Teleport Sheet"))
        #expect(!entry.api.isKnown)
        #expect(entry.current?.inferredCaseName == nil)
        let subscription = try #require(file.subscription(id: "s"))
        #expect(subscription.offerCodes.first?.eligibility == [.new, OfferCodeEligibility(rawValue: "lapsed")])
        #expect(subscription.billingPlans.first?.billingPlanType.isKnown == false)
        #expect(subscription.billingPlans.first?.commitmentDisplayPrice.text == "")
        #expect(file.warnings.isEmpty)
    }

    @Test func toleratedOdditiesBecomeWarningsWithPaths() throws {
        let file = try CatalogFixtures.parse(
            #"""
            {"products": [{"productID": "", "type": "Consumable", "displayPrice": ""},
                          {"productID": "", "type": "Consumable", "displayPrice": "1,99"},
                          {"productID": "pass", "type": "NonRenewingSubscription", "displayPrice": "9.99"}],
             "nonRenewingSubscriptions": [{"productID": "season"}],
             "subscriptionGroups": [
               {"id": "SAME", "name": "first", "subscriptions": [{"productID": "gold", "subscriptionGroupID": "OTHER",
                 "recurringSubscriptionPeriod": "P1M",
                 "adHocOffers": [{"offerID": "o", "paymentMode": "payAsYouGo", "subscriptionPeriod": "P1M",
                                  "numberOfPeriods": 0, "displayPrice": "0.99"}]}]},
               {"id": "SAME", "name": "second", "subscriptions": [{"productID": "silver", "groupNumber": 2,
                 "recurringSubscriptionPeriod": "P1M"}]}]}
            """#, fileName: "Odd.storekit")
        #expect(file.warnings.map(\.description) == [
            "Odd.storekit: products[0].displayPrice: the price is empty; it has no value",
            #"Odd.storekit: products[1].displayPrice: "1,99" is not a price like "0.99"; it has no value"#,
            #"Odd.storekit: subscriptionGroups[0].subscriptions[0].subscriptionGroupID: "OTHER" differs from the enclosing group's id "SAME"; using the enclosing group"#,
            "Odd.storekit: subscriptionGroups[0].subscriptions[0].groupNumber: missing; using level 1",
            "Odd.storekit: subscriptionGroups[0].subscriptions[0].adHocOffers[0].numberOfPeriods: 0 is not a number of periods; using 1",
            "Odd.storekit: products[0].productID: the product ID is empty; StoreKit cannot request this product",
            "Odd.storekit: products[1].productID: the product ID is empty; StoreKit cannot request this product",
            #"Odd.storekit: subscriptionGroups[1].id: "SAME" is also the id of subscriptionGroups[0]; looking the group up by id finds the first one"#,
            "Odd.storekit: products[2].type: a NonRenewingSubscription product; Xcode keeps these in nonRenewingSubscriptions, but it is used as it is",
        ])
        #expect(file.products[0].displayPrice.value == nil)
        #expect(file.products[0].displayPrice.milliunits == nil)
        #expect(file.nonRenewingSubscriptions.first?.kind == .nonRenewingSubscription)
        #expect(file.subscription(id: "gold")?.subscriptionGroupID == "SAME")
        #expect(file.subscription(id: "gold")?.groupNumber == 1)
        #expect(file.subscription(id: "gold")?.promotionalOffer(id: "o")?.numberOfPeriods == 1)
        #expect(file.group(of: "silver")?.name == "second")
        #expect(file.group(id: "SAME")?.name == "first")
        #expect(Catalog(file).group(of: "silver")?.name == "second")
        #expect(file.products(ofKind: .nonRenewingSubscription).map(\.productID) == ["pass", "season"])
    }

    @Test func minifiedAndPrettyPrintedFormsReadTheSame() throws {
        let minified = try Data(contentsOf: CatalogFixtures.sampleURL("RevenueCat__purchases-ios__app787ddb07e6.storekit"))
        let object = try JSONSerialization.jsonObject(with: minified)
        let pretty = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        let fromMinified = try StoreKitConfiguration(data: minified, fileName: "Same.storekit")
        let fromPretty = try StoreKitConfiguration(data: pretty, fileName: "Same.storekit")
        #expect(fromMinified == fromPretty)
        #expect(fromPretty.allSubscriptions.count == 2)
    }

    @Test func aByteOrderMarkAndWindowsLineEndingsAreFine() throws {
        var data = Data([0xEF, 0xBB, 0xBF])
        data.append(Data("{\r\n  \"identifier\" : \"8165582C\",\r\n  \"products\" : [\r\n\r\n  ]\r\n}\r\n".utf8))
        let file = try StoreKitConfiguration(data: data, fileName: "Windows.storekit")
        #expect(file.identifier == "8165582C")
        #expect(file.products.isEmpty)
    }

    @Test func missingTypesDefaultByTheArrayTheyAreIn() throws {
        let file = try CatalogFixtures.parse(
            #"""
            {"nonRenewingSubscriptions": [{"productID": "season", "displayPrice": "14.99"}],
             "subscriptionGroups": [{"subscriptions": [{"productID": "monthly", "recurringSubscriptionPeriod": "p1m",
                                                         "groupNumber": 1}]}]}
            """#)
        #expect(file.product(id: "season")?.kind == .nonRenewingSubscription)
        #expect(file.product(id: "monthly")?.kind == .autoRenewableSubscription)
        #expect(file.subscription(id: "monthly")?.recurringSubscriptionPeriod == .oneMonth)
        #expect(file.subscription(id: "monthly")?.subscriptionGroupID == "")
        #expect(file.subscriptionGroups.first?.name == "")
    }
}
