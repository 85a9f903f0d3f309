import AppStoreEngine
import Foundation
import StoreModel
import Testing

@testable import AppStoreScenarios

@Suite struct ScenarioLoadingTests {
    typealias F = ScenarioFixtures

    @Test func everyExampleLoadsWithItsCatalog() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: F.packageRoot.appendingPathComponent("Examples/Scenarios").path)
        #expect(names.filter { $0.hasSuffix(".json") }.count >= 6)
        for name in names where name.hasSuffix(".json") {
            let scenario = try Scenario.load(contentsOf: F.packageRoot.appendingPathComponent("Examples/Scenarios/\(name)"))
            #expect(scenario.catalogName == "Tienda.storekit" && scenario.bundleId == "com.tienda.example")
        }
    }

    @Test func theHeaderSetsTheClockSettingsAndPolicy() throws {
        let scenario = try F.scenario(
            steps: #"[{"do": "advance", "to": "2025-01-01"}]"#,
            accounts: #"["alice", {"id": "bob", "storefront": "fra", "familyGroup": "f"}]"#,
            header: #""start": "2024-12-31T23:00:00+01:00", "timeRate": "monthlyRenewalEveryThirtySeconds", "environment": "Production", "appAppleId": 42, "settings": {"billingGracePeriod": false}, "policy": {"billingIssueCancellation": "expireVoluntarily", "maximumRenewals": 12, "reportsBillingRetryDuringGracePeriod": false},"#)
        #expect(ScenarioDate.iso8601(scenario.start) == "2024-12-31T22:00:00Z")
        #expect(scenario.settings.timeRate == .monthlyRenewalEveryThirtySeconds && scenario.settings.billingGracePeriod == false)
        #expect(scenario.environment == .production && scenario.appAppleId == 42)
        #expect(scenario.policy.billingIssueCancellation == .expireVoluntarily && scenario.policy.maximumRenewals == 12)
        #expect(!scenario.policy.reportsBillingRetryDuringGracePeriod)
        #expect(scenario.accounts[1].storefront.countryCode == "FRA" && scenario.accounts[1].familyGroup == "f")
        #expect(scenario.steps[0].action == .advanceTo(try #require(ScenarioDate.parse("2025-01-01T00:00:00Z"))))
    }

    @Test func targetsDefaultToTheFirstAccountAndTheOnlySubscriptionGroup() throws {
        let scenario = try F.scenario(steps: """
            [{"do": "buy", "product": "com.tienda.example.pro.yearly", "account": "bob", "as": "pro"},
             {"do": "failBilling"}, {"do": "refund", "purchase": "pro", "percentage": 12.5}, {"do": "expire", "originalTransactionId": "2000000000000001"}]
            """, accounts: #"["alice", "bob"]"#)
        guard case .failBilling(let target, nil) = scenario.steps[1].action else { Issue.record("not failBilling"); return }
        #expect(target.accountId == "alice" && target.isDefaultSubscription)
        #expect(scenario.steps[2].action == .refund(
            ScenarioTarget(accountId: "bob", productId: "com.tienda.example.pro.yearly", label: "pro"),
            amount: .prorated(percentage: 12_500), reason: .refundedForOtherReason))
        #expect(scenario.steps[2].summary == "refund pro 12.5%")
        #expect(scenario.steps[3].summary == "expire transaction 2000000000000001")
    }

    @Test(arguments: [
        (#"[{"do": "buy"}]"#, #"test.json: steps[0].product: missing; expected a product ID of Tienda.storekit"#),
        (#"[{"do": "buy", "product": "com.tienda.example.pro.yearly", "quantity": 2}]"#,
         "test.json: steps[0].quantity: only consumables and non-renewing subscriptions are bought in quantity; com.tienda.example.pro.yearly takes 1"),
        (#"[{"do": "buy", "product": "com.tienda.example.coins.100", "offer": {"winBack": "x"}}]"#,
         #"test.json: steps[0].offer: "com.tienda.example.coins.100" is not an auto-renewable subscription; only subscriptions take offers"#),
        (#"[{"do": "buy", "product": "com.tienda.example.pro.yearly", "as": "a"}, {"do": "buy", "product": "com.tienda.example.pro.yearly", "as": "a"}]"#,
         #"test.json: steps[1].as: the label "a" is already used"#),
        (#"[{"do": "changePlan", "to": "com.tienda.example.coins.100"}]"#,
         "test.json: steps[0].to: \"com.tienda.example.coins.100\" is Consumable, not RecurringSubscription (RecurringSubscription products: com.tienda.example.pro.yearly, com.tienda.example.pro.monthly, com.tienda.example.plus.weekly)"),
        (#"[{"do": "refund", "purchase": "x", "account": "alice"}]"#, "test.json: steps[0].account: give either purchase or account, not both"),
        (#"[{"do": "advance", "by": "P1M", "to": "2025-01-01"}]"#, "test.json: steps[0].to: give either by or to, not both"),
        (#"[{"do": "advance", "by": "PT0S"}]"#, #"test.json: steps[0].by: expected an ISO 8601 duration such as "P1M", "P3D" or "PT5M" but found the string "PT0S""#),
        (#"[{"do": "familyGroup", "account": "alice"}]"#, "test.json: steps[0].group: missing; expected the group to join, or null to leave"),
        (#"[{"do": "extend", "days": 91}]"#, "test.json: steps[0].days: expected the number of days, 1 to 90 but found the number 91"),
        (#"[{"do": "priceIncrease", "price": "5.9999"}]"#, #"test.json: steps[0].price: expected the new price per period, e.g. "5.99" but found the string "5.9999""#),
        (#"[{"do": "expect"}]"#, "test.json: steps[0]: an expect step checks at least one of status, entitlements, notifications"),
        (#"[{"do": "expect", "status": "active"}]"#,
         #"test.json: steps[0].status: "active" is not one of subscribed, expired, inBillingRetryPeriod, inGracePeriod, revoked"#),
        (#"[{"do": "expect", "notifications": ["DID_RENEW/UPGRADED"]}]"#,
         #"test.json: steps[0].notifications[0]: "UPGRADED" is not a notification subtype (subtypes: INITIAL_BUY, RESUBSCRIBE, DOWNGRADE, UPGRADE, AUTO_RENEW_ENABLED, AUTO_RENEW_DISABLED, VOLUNTARY, BILLING_RETRY, PRICE_INCREASE, GRACE_PERIOD, PENDING, ACCEPTED, BILLING_RECOVERY, PRODUCT_NOT_FOR_SALE, SUMMARY, FAILURE, UNREPORTED)"#),
        (#"[]"#, "test.json: steps: a scenario needs at least one step"),
        (#"[{"do": "setToken", "appAccountToken": "nope"}]"#,
         #"test.json: steps[0].appAccountToken: expected a UUID such as "7e3fb20b-4cdb-47cc-936d-99d65f608138" but found the string "nope""#),
    ])
    func aMistakeIsReportedWithTheFileThePathAndWhatIsWrong(steps: String, message: String) {
        #expect(F.error(steps: steps) == message)
    }

    @Test func headerMistakesAreReportedToo() {
        #expect(F.error(steps: "[]", accounts: "[]") == "test.json: accounts: a scenario needs at least one account")
        #expect(F.error(steps: #"[{"do": "expect", "notifications": []}]"#, accounts: #"["a", "a"]"#)
            == #"test.json: accounts[1]: account "a" is declared twice"#)
        #expect(F.error(steps: #"[{"do": "expect", "notifications": []}]"#, header: #""timeRate": 7,"#)?
            .hasPrefix("test.json: timeRate: 7 is not a time rate; use a raw value or a name: realTime, ") == true)
        #expect(F.error(steps: #"[{"do": "expect", "notifications": []}]"#, header: #""sstart": "2024-01-01","#)?
            .hasPrefix("test.json: sstart: unknown key; this object takes name, description, storekit, ") == true)
        let syntax = (try? F.scenario("{\n  \"storekit\": \"x\",\n  \"steps\" [\n}")).map { _ in "" }
        #expect(syntax == nil)
        do {
            _ = try F.scenario("{\n  \"storekit\": \"x\",\n  \"steps\" [\n}")
        } catch {
            #expect(error.description.hasPrefix("test.json: line 3, column 11: not valid JSON: "))
        }
    }
}

@Suite struct ScenarioSchemaTests {
    @Test func theJSONSchemaTakesTheStepKindsAndKeysTheReaderTakes() throws {
        let url = ScenarioFixtures.packageRoot.appendingPathComponent("docs/scenario.schema.json")
        let schema = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let steps = try #require((definitions["step"] as? [String: Any])?["oneOf"] as? [[String: Any]])
        var kinds: [String] = []
        for step in steps {
            let properties = try #require(step["properties"] as? [String: Any])
            let kind = try #require((properties["do"] as? [String: Any])?["const"] as? String)
            kinds.append(kind)
            #expect(Set(properties.keys) == Set(["do", "comment"] + ScenarioReader.keys(of: kind)), "\(kind)")
        }
        #expect(kinds == ScenarioReader.kinds)
        let header = try #require(schema["properties"] as? [String: Any])
        #expect(Set(header.keys) == Set(ScenarioReader.headerKeys))
        let policy = try #require((header["policy"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(policy.keys) == Set(ScenarioPolicyReader.keys + ["comment"]))
    }
}
