import Foundation
import StoreModel
import Testing

/// Malformed files: each error names the file, the place and what was expected, in exact words.
@Suite struct StoreKitConfigurationErrorTests {
    /// A malformed input and the exact message its error must carry.
    struct Case: CustomTestStringConvertible, Sendable {
        var fileName: String
        var json: String
        var message: String
        var testDescription: String { fileName }
    }

    static let subscriptionPrefix = #"{"subscriptionGroups": [{"id": "G1", "subscriptions": ["#

    static let cases: [Case] = [
        Case(
            fileName: "Products.storekit",
            json: #"""
                {"products": [{"productID": "a", "type": "Consumable"}, {"productID": "b", "type": "NonConsumable"},
                              {"productID": "c", "type": "Foo"}]}
                """#,
            message: #"Products.storekit: products[2].type: "Foo" is not one of Consumable, NonConsumable, NonRenewingSubscription"#),
        Case(
            fileName: "Store.storekit",
            json: subscriptionPrefix + #"""
                {"productID": "m", "groupNumber": 1, "recurringSubscriptionPeriod": "P1M"},
                {"productID": "y", "groupNumber": 1, "recurringSubscriptionPeriod": "P1Q"}]}]}
                """#,
            message: #"Store.storekit: subscriptionGroups[0].subscriptions[1].recurringSubscriptionPeriod: "P1Q" is not an ISO 8601 period (P3D, P1W, P1M, P1Y, …)"#),
        Case(
            fileName: "Prices.storekit",
            json: #"{"products": [{"productID": "a", "type": "Consumable", "displayPrice": 0.99}]}"#,
            message: #"Prices.storekit: products[0].displayPrice: expected a price string such as "0.99" but found the number 0.99"#),
        Case(
            fileName: "NotJSON.storekit",
            json: "products: []",
            message: #"NotJSON.storekit: line 1, column 1: not valid JSON: unexpected character "p"; check for a missing comma, quote or bracket just before it"#),
        Case(
            fileName: "MissingComma.storekit",
            json: "{\n  \"products\" : [\n    {\"productID\" : \"a\" \"type\" : \"Consumable\"}\n  ]\n}\n",
            message: #"MissingComma.storekit: line 3, column 24: not valid JSON: unexpected character "\""; check for a missing comma, quote or bracket just before it"#),
        Case(
            fileName: "Empty.storekit",
            json: "",
            message: "Empty.storekit: the file is empty; a .storekit file holds one JSON object (at least {})"),
        Case(
            fileName: "Blank.storekit",
            json: " \n\t\n",
            message: "Blank.storekit: the file is empty; a .storekit file holds one JSON object (at least {})"),
        Case(
            fileName: "List.storekit",
            json: "[]",
            message: "List.storekit: expected a JSON object at the top level but found an array"),
        Case(
            fileName: "Text.storekit",
            json: #""hello""#,
            message: #"Text.storekit: expected a JSON object at the top level but found the string "hello""#),
        Case(
            fileName: "Null.storekit",
            json: "null",
            message: "Null.storekit: expected a JSON object at the top level but found null"),
        Case(
            fileName: "Huge.storekit",
            json: subscriptionPrefix + #"{"productID": "m", "groupNumber": 1e300, "recurringSubscriptionPeriod": "P1M"}]}]}"#,
            message: "Huge.storekit: subscriptionGroups[0].subscriptions[0].groupNumber: expected an integer but found the number 1e+300"),
        Case(
            fileName: "Overflow.storekit",
            json: #"{"settings": {"_timeRate": 99999999999999999999}}"#,
            message: "Overflow.storekit: settings._timeRate: expected an integer but found the number 99999999999999999999"),
        Case(
            fileName: "Fraction.storekit",
            json: subscriptionPrefix + #"""
                {"productID": "m", "recurringSubscriptionPeriod": "P1M",
                 "introductoryOffer": {"paymentMode": "payAsYouGo", "subscriptionPeriod": "P1M", "numberOfPeriods": 2.5}}]}]}
                """#,
            message: "Fraction.storekit: subscriptionGroups[0].subscriptions[0].introductoryOffer.numberOfPeriods: expected an integer but found the number 2.5"),
        Case(
            fileName: "Deep.storekit",
            json: #"{"unknown": "# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}",
            message: "Deep.storekit: line 1, column 525: not valid JSON: arrays and objects are nested too deeply (more than 512 levels)"),
        Case(
            fileName: "Truncated.storekit",
            json: "{\n  \"identifier\" : \"8165582C\",\n  \"products\" : [\n    {\n      \"displayPrice\" : \"0.",
            message: "Truncated.storekit: line 5, column 27: not valid JSON: the file ends before the JSON is complete (is it cut short, or is a bracket or quote not closed?)"),
        Case(
            fileName: "Trailing.storekit",
            json: "{}\n}",
            message: #"Trailing.storekit: line 2, column 1: not valid JSON: unexpected character "}"; check for a missing comma, quote or bracket just before it"#),
        Case(
            fileName: "Dupes.storekit",
            json: #"{"products": [{"productID": "coins", "type": "Consumable"}, {"productID": "pro", "type": "NonConsumable"}], "#
                + #""subscriptionGroups": [{"id": "G1", "subscriptions": [{"productID": "pro", "recurringSubscriptionPeriod": "P1M"}]}]}"#,
            message: #"Dupes.storekit: subscriptionGroups[0].subscriptions[0].productID: "pro" is already the product ID of products[1]; product IDs must be unique within a file"#),
        Case(
            fileName: "DupesNonRenewing.storekit",
            json: #"{"nonRenewingSubscriptions": [{"productID": "pass"}, {"productID": "pass"}]}"#,
            message: #"DupesNonRenewing.storekit: nonRenewingSubscriptions[1].productID: "pass" is already the product ID of nonRenewingSubscriptions[0]; product IDs must be unique within a file"#),
        Case(
            fileName: "ProductsObject.storekit",
            json: #"{"products": {"productID": "a"}}"#,
            message: "ProductsObject.storekit: products: expected an array but found an object"),
        Case(
            fileName: "NoID.storekit",
            json: #"{"products": [{"type": "Consumable", "displayPrice": "0.99"}]}"#,
            message: "NoID.storekit: products[0].productID: missing; expected a product ID string"),
        Case(
            fileName: "NoType.storekit",
            json: #"{"products": [{"productID": "a"}]}"#,
            message: "NoType.storekit: products[0].type: missing; expected one of Consumable, NonConsumable, NonRenewingSubscription"),
        Case(
            fileName: "Mode.storekit",
            json: subscriptionPrefix + #"""
                {"productID": "m", "recurringSubscriptionPeriod": "P1M",
                 "introductoryOffer": {"paymentMode": "trial", "subscriptionPeriod": "P1W"}}]}]}
                """#,
            message: #"Mode.storekit: subscriptionGroups[0].subscriptions[0].introductoryOffer.paymentMode: "trial" is not one of free, payAsYouGo, payUpFront"#),
        Case(
            fileName: "SubType.storekit",
            json: subscriptionPrefix + #"{"productID": "m", "type": "Consumable", "recurringSubscriptionPeriod": "P1M"}]}]}"#,
            message: #"SubType.storekit: subscriptionGroups[0].subscriptions[0].type: "Consumable" is not one of RecurringSubscription"#),
        Case(
            fileName: "NoPeriod.storekit",
            json: subscriptionPrefix + #"{"productID": "m", "groupNumber": 2}]}]}"#,
            message: #"NoPeriod.storekit: subscriptionGroups[0].subscriptions[0].recurringSubscriptionPeriod: missing; expected an ISO 8601 period string such as "P1M""#),
        Case(
            fileName: "ZeroDays.storekit",
            json: subscriptionPrefix + #"{"productID": "m", "recurringSubscriptionPeriod": "P1M", "codeOffers": [{"paymentMode": "free", "subscriptionPeriod": "P0D"}]}]}]}"#,
            message: #"ZeroDays.storekit: subscriptionGroups[0].subscriptions[0].codeOffers[0].subscriptionPeriod: "P0D" is not an ISO 8601 period (P3D, P1W, P1M, P1Y, …)"#),
        Case(
            fileName: "Flag.storekit",
            json: #"{"products": [{"productID": "a", "type": "Consumable", "familyShareable": "yes"}]}"#,
            message: #"Flag.storekit: products[0].familyShareable: expected true or false but found the string "yes""#),
        Case(
            fileName: "Identifier.storekit",
            json: #"{"identifier": true}"#,
            message: "Identifier.storekit: identifier: expected a string but found true"),
        Case(
            fileName: "Compat.storekit",
            json: #"{"settings": {"_timeRate": 13, "_compatibilityTimeRate": "6"}}"#,
            message: #"Compat.storekit: settings._compatibilityTimeRate: expected an integer or an object such as {"3": 6} but found the string "6""#),
        Case(
            fileName: "CompatDict.storekit",
            json: #"{"settings": {"_compatibilityTimeRate": {"3": "six"}}}"#,
            message: #"CompatDict.storekit: settings._compatibilityTimeRate["3"]: expected an integer but found the string "six""#),
        Case(
            fileName: "Errors.storekit",
            json: #"{"settings": {"_storeKitErrors": [{"name": "Purchase", "enabled": true, "current": {"type": "purchase"}}]}}"#,
            message: "Errors.storekit: settings._storeKitErrors[0].current.index: missing; expected an integer"),
        Case(
            fileName: "Version.storekit",
            json: #"{"version": {"major": "4", "minor": 0}}"#,
            message: #"Version.storekit: version.major: expected an integer but found the string "4""#),
    ]

    @Test(arguments: cases)
    func malformedFileFailsWithAnExactMessage(_ testCase: Case) throws {
        let error = try #require(CatalogFixtures.error(parsing: testCase.json, fileName: testCase.fileName))
        #expect(error.description == testCase.message)
        #expect(error.fileName == testCase.fileName)
        #expect(error.localizedDescription == testCase.message)
    }

    @Test func bytesThatAreNotUTF8AreReportedWithTheirPosition() throws {
        var data = Data(#"{"identifier": ""#.utf8)
        data.append(contentsOf: [0xFF, 0xFE])
        data.append(contentsOf: Data(#""}"#.utf8))
        let error = try #require(CatalogFixtures.error(parsing: data, fileName: "Latin1.storekit"))
        #expect(error.description == "Latin1.storekit: line 1, column 17: not valid JSON: the text is not UTF-8")
        #expect(error.position == StoreKitConfigurationError.TextPosition(line: 1, column: 17))
        #expect(error.problem == .invalidJSON("the text is not UTF-8"))
    }

    @Test func errorsCarryTheirPartsForCallersThatFormatThemselves() throws {
        let error = try #require(CatalogFixtures.error(
            parsing: #"{"products": [{"productID": "a", "type": "Bundle"}]}"#, fileName: "Parts.storekit"))
        #expect(error.path == JSONPath([.key("products"), .index(0), .key("type")]))
        #expect(error.path.description == "products[0].type")
        #expect(error.position == nil)
        #expect(error.problem == .notOneOf("Bundle", allowed: ["Consumable", "NonConsumable", "NonRenewingSubscription"]))
    }

    @Test func aMissingFileNamesThePath() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tienda-no-such-\(UUID().uuidString).storekit")
        #expect(throws: StoreKitConfigurationError(
            fileName: url.lastPathComponent, problem: .unreadable("there is no file at \(url.path)"))
        ) {
            try StoreKitConfiguration.load(contentsOf: url)
        }
    }

    @Test func aDirectoryIsNotAFile() throws {
        let url = CatalogFixtures.samplesDirectory
        let error = #expect(throws: StoreKitConfigurationError.self) { try Catalog.load(contentsOf: url) }
        #expect(error?.description == "storekit-samples: cannot be read: \(url.path) is a directory, not a .storekit file")
    }

    @Test func truncatingARealFileAnywhereNeverCrashes() throws {
        let data = try Data(contentsOf: CatalogFixtures.sampleURL("tikhop__Mercato__Mercato.storekit"))
        var failures = 0
        for length in stride(from: 0, to: data.count, by: 37) {
            if CatalogFixtures.error(parsing: data.prefix(length), fileName: "Cut.storekit") != nil { failures += 1 }
        }
        #expect(failures == (data.count + 36) / 37)
    }

    @Test func corruptingBytesOfARealFileNeverCrashes() throws {
        let original = [UInt8](try Data(contentsOf: CatalogFixtures.sampleURL("apple__sample-food-truck__Products.storekit")))
        let replacements: [UInt8] = Array(#"0"{}[],:9-.eE \"#.utf8) + [0x00, 0xFF, 0xC3]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<400 {
            var bytes = original
            for _ in 0..<3 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let position = Int(state >> 33) % bytes.count
                bytes[position] = replacements[Int(state >> 13) % replacements.count]
            }
            _ = CatalogFixtures.error(parsing: Data(bytes), fileName: "Corrupt.storekit")
        }
    }
}
