import AppStoreEmulator
import AppStoreEngine
import Foundation
import StoreCrypto
import StoreHTTP
import StoreModel
import Testing

/// The StoreKit-facing and control APIs over real HTTP: a purchase made through one shows in the other, the clock
/// moves renewals, the long poll wakes on a change, and failures are regular JSON errors.
@Suite struct StoreKitAndControlTests {
    static let pro = "com.tienda.example.pro.monthly"
    static let coins = "com.tienda.example.coins.100"
    static let app = "/storekit/v1/apps/com.tienda.example"

    @Test func aControlPurchaseRenewsWithTheClockAndIsRefunded() async throws {
        let harness = try await EmulatorHarness.start()
        defer { Task { await harness.stop() } }
        let client = JSONClient(baseURL: harness.baseURL)

        let bought = try await client.post("/control/v1/purchases", ["accountId": "alice", "productId": Self.pro])
        #expect(bought.status == 201)
        #expect(bought.json["result"] as? String == "success")
        let transaction = try require(try require(bought.json["transaction"])["transaction"])
        let originalId = try #require(transaction["originalTransactionId"] as? String)
        #expect(transaction["productId"] as? String == Self.pro)
        #expect(transaction["transactionReason"] as? String == "PURCHASE")

        // The device sees it: current entitlements, and the updates feed (bought outside the app).
        let current = try await client.get(Self.app + "/accounts/alice/transactions/current")
        #expect(list(current.json["transactions"]).count == 1)
        let jws = try #require(list(current.json["transactions"]).first?["jws"] as? String)
        let payload = try CompactJWS(parsing: jws).payload
        let decoded = try JSONSerialization.jsonObject(with: payload) as? [String: Any]
        #expect(decoded?["originalTransactionId"] as? String == originalId)
        let updates = try await client.get(Self.app + "/accounts/alice/updates?after=0&wait=0")
        #expect(list(updates.json["updates"]).compactMap { ($0["transaction"] as? [String: Any])?["productId"] as? String } == [Self.pro])

        // A month later it has renewed.
        let advanced = try await client.post("/control/v1/clock/advance", ["by": "1M"])
        #expect(advanced.status == 200)
        #expect((advanced.json["fired"] as? Int ?? 0) >= 1)
        let history = try await client.get("/control/v1/accounts/alice/transactions")
        #expect(list(history.json["transactions"]).count == 2)

        // Refunding the latest revokes the subscription.
        let latest = try #require(list(history.json["transactions"]).last.flatMap { ($0["transaction"] as? [String: Any])?["transactionId"] as? String })
        let refunded = try await client.post("/control/v1/transactions/\(latest)/refund")
        #expect(refunded.status == 200)
        #expect(try require(refunded.json["transaction"])["revocationDate"] != nil)
        let status = try await client.get("/control/v1/subscriptions/\(originalId)")
        #expect(status.json["state"] as? String == "revoked")
        let statuses = try await client.get(Self.app + "/accounts/alice/subscriptions")
        #expect(list(statuses.json["statuses"]).first?["status"] as? Int == 5)

        let notifications = try await client.get("/control/v1/notifications")
        let names = list(notifications.json["notifications"]).compactMap { $0["name"] as? String }
        #expect(names == ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW", "REFUND"])
        let controlStatus = try await client.get("/control/v1/status")
        #expect(controlStatus.json["accounts"] as? [String] == ["alice"])
    }

    @Test func theStoreKitPurchaseFinishAndSubscriptionOperationsWork() async throws {
        let harness = try await EmulatorHarness.start()
        defer { Task { await harness.stop() } }
        let client = JSONClient(baseURL: harness.baseURL)

        let products = try await client.get(Self.app + "/products?id=\(Self.coins)&id=\(Self.pro)")
        #expect(Set(list(products.json["products"]).compactMap { $0["id"] as? String }) == [Self.coins, Self.pro])
        #expect(list(products.json["products"]).first { $0["id"] as? String == Self.pro }.flatMap { $0["subscription"] as? [String: Any] }?["period"] as? String == "P1M")

        let coins = try await client.post(Self.app + "/accounts/bob/purchases", ["productId": Self.coins, "quantity": 2])
        let coinsId = try #require(try require(try require(coins.json["transaction"])["transaction"])["transactionId"] as? String)
        #expect(list(try await client.get(Self.app + "/accounts/bob/transactions/unfinished").json["transactions"]).count == 1)
        #expect(try await client.post(Self.app + "/transactions/\(coinsId)/finish").status == 204)
        #expect(list(try await client.get(Self.app + "/accounts/bob/transactions/unfinished").json["transactions"]).isEmpty)

        let pro = try await client.post(Self.app + "/accounts/bob/purchases", ["productId": Self.pro])
        let proId = try #require(try require(try require(pro.json["transaction"])["transaction"])["originalTransactionId"] as? String)
        let off = try await client.post("/control/v1/subscriptions/\(proId)/auto-renew", ["enabled": false])
        #expect(try require(off.json["renewalInfo"])["autoRenewStatus"] as? Int == 0)
        let expired = try await client.post("/control/v1/subscriptions/\(proId)/expire")
        #expect(expired.json["state"] as? String == "expired")
        let latest = try await client.get(Self.app + "/accounts/bob/transactions/latest/\(Self.pro)")
        #expect(try require(latest.json["transaction"])["originalTransactionId"] as? String == proId)
        let appTransaction = try await client.get(Self.app + "/accounts/bob/app-transaction")
        #expect(try require(appTransaction.json["appTransaction"])["bundleId"] as? String == EmulatorHarness.bundleId)

        // What the device receives verifies with Apple's verifier, rooted at the emulator's root.
        if PythonOracle.isAvailable {
            let statuses = list(try await client.get(Self.app + "/accounts/bob/subscriptions").json["statuses"])
            let signed: [(kind: String, jws: String)] = [
                ("transaction", try #require(try require(pro.json["transaction"])["jws"] as? String)),
                ("transaction", try #require(try require(statuses.first?["transaction"])["jws"] as? String)),
                ("renewal", try #require(statuses.first?["renewalInfoJWS"] as? String)),
                ("app-transaction", try #require(appTransaction.json["jws"] as? String)),
            ]
            #expect(try await ServerAPIInteropTests.verify(harness, signed) == ["OK", "OK", "OK", "OK"])
        }
        // The finished consumable is not restored; the subscription is.
        #expect(list(try await client.post(Self.app + "/accounts/bob/sync").json["transactions"]).count == 1)
    }

    @Test func aWaitingUpdatesPollAnswersWhenAPurchaseArrives() async throws {
        let harness = try await EmulatorHarness.start()
        defer { Task { await harness.stop() } }
        let client = JSONClient(baseURL: harness.baseURL)
        let empty = try await client.get(Self.app + "/accounts/carol/updates?after=0&wait=0")
        #expect(list(empty.json["updates"]).isEmpty)
        let cursor = empty.json["cursor"] as? Int ?? 0

        let poll = Task { () throws -> (updates: Int, cursor: Int) in
            let answer = try await client.get(Self.app + "/accounts/carol/updates?after=\(cursor)&wait=25")
            return (list(answer.json["updates"]).count, answer.json["cursor"] as? Int ?? 0)
        }
        // Whether the purchase lands before or after the poll starts waiting, the poll answers with it.
        _ = try await client.post("/control/v1/purchases", ["accountId": "carol", "productId": Self.coins])
        let answer = try await poll.value
        #expect(answer.updates == 1)
        #expect(answer.cursor > cursor)
    }

    @Test func settingsAvailabilityFamilyAndRefundReversalThroughControl() async throws {
        let harness = try await EmulatorHarness.start()
        defer { Task { await harness.stop() } }
        let client = JSONClient(baseURL: harness.baseURL)
        let lifetime = "com.tienda.example.lifetime"

        // Ask to Buy on: a device purchase waits for a parent.
        let settings = try await client.send(.patch, "/control/v1/settings", ["askToBuyEnabled": true])
        #expect(settings.json["askToBuyEnabled"] as? Bool == true)
        let asked = try await client.post(Self.app + "/accounts/kid/purchases", ["productId": lifetime])
        #expect(asked.json["result"] as? String == "pending")
        let pending = list(try await client.get("/control/v1/pending?accountId=kid").json["pending"])
        let pendingId = try #require(pending.first?["id"] as? String)
        let approved = try await client.post("/control/v1/pending/\(pendingId)/approve")
        #expect(try require(approved.json["transaction"])["productId"] as? String == lifetime)
        _ = try await client.send(.patch, "/control/v1/settings", ["askToBuyEnabled": false])

        // Off sale, purchases fail; back on sale, they work.
        _ = try await client.post("/control/v1/products/\(Self.coins)/availability", ["forSale": false])
        #expect(try await client.post("/control/v1/purchases", ["productId": Self.coins]).json["error"] as? String == "productUnavailable")
        _ = try await client.post("/control/v1/products/\(Self.coins)/availability", ["forSale": true])
        #expect(try await client.post("/control/v1/purchases", ["productId": Self.coins]).status == 201)

        // Family sharing: the member gets a copy, and loses it when the purchaser stops sharing.
        _ = try await client.post("/control/v1/accounts", ["id": "parent"])
        _ = try await client.post("/control/v1/accounts", ["id": "member"])
        let joined = try await client.send(.patch, "/control/v1/accounts/member", ["familyGroup": "family", "storefront": "FRA"])
        #expect(joined.json["familyGroup"] as? String == "family")
        #expect(try require(joined.json["storefront"])["countryCode"] as? String == "FRA")
        _ = try await client.send(.patch, "/control/v1/accounts/parent", ["familyGroup": "family"])
        let shared = try await client.post("/control/v1/purchases", ["accountId": "parent", "productId": lifetime])
        let sharedId = try #require(try require(try require(shared.json["transaction"])["transaction"])["transactionId"] as? String)
        let copies = list(try await client.get("/control/v1/accounts/member/transactions").json["transactions"])
        #expect(copies.compactMap { ($0["transaction"] as? [String: Any])?["inAppOwnershipType"] as? String } == ["FAMILY_SHARED"])
        #expect(try await client.post("/control/v1/transactions/\(sharedId)/revoke-family", ["memberAccountId": "member"]).status == 200)
        let revoked = list(try await client.get("/control/v1/accounts/member/transactions").json["transactions"])
        #expect(revoked.first.flatMap { ($0["transaction"] as? [String: Any])?["revocationDate"] } != nil)

        // A refund, reversed.
        _ = try await client.post("/control/v1/transactions/\(sharedId)/refund")
        let reversed = try await client.post("/control/v1/transactions/\(sharedId)/refund-reverse")
        #expect(reversed.status == 200)
        #expect(try require(reversed.json["transaction"])["revocationDate"] == nil)
    }

    @Test func stoppingTheServerAnswersAWaitingPollAtOnce() async throws {
        let harness = try await EmulatorHarness.start()
        defer { Task { await harness.stop() } }
        let client = JSONClient(baseURL: harness.baseURL)
        let poll = Task { () throws -> (status: Int, updates: Int) in
            let answer = try await client.get(Self.app + "/accounts/dave/updates?after=0&wait=25")
            return (answer.status, list(answer.json["updates"]).count)
        }
        // The request crosses a real socket: wait (with a deadline) until the poll is waiting on the feed.
        let deadline = ContinuousClock.now + .seconds(20)
        while await harness.server.context.changes.waiting == 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        await harness.server.stop()
        let answer = try await poll.value
        #expect(answer.status == 200 && answer.updates == 0)
    }

    @Test func failuresAreJSONErrorsWithACodeAndAHelpfulMessage() async throws {
        let harness = try await EmulatorHarness.start()
        defer { Task { await harness.stop() } }
        let client = JSONClient(baseURL: harness.baseURL)
        let unknown = try await client.post("/control/v1/purchases", ["productId": "com.tienda.example.nope"])
        #expect(unknown.status == 400)
        #expect(unknown.contentType == "application/json")
        #expect(unknown.json["error"] as? String == "productUnavailable")
        #expect((unknown.json["message"] as? String)?.contains("com.tienda.example.nope") == true)
        let now = try #require(try await client.get("/control/v1/clock").json["now"] as? Int64)
        let target = Date(timeIntervalSince1970: Double(now + 86_400_000) / 1000).formatted(.iso8601)
        let moved = try await client.post("/control/v1/clock/advance", ["to": target])
        #expect(moved.json["now"] as? Int64 == now + 86_400_000 - now % 1000)
        let backwards = try await client.post("/control/v1/clock/advance", ["to": now])
        #expect(backwards.status == 409 && backwards.json["error"] as? String == "clockBackwards")
        let both = try await client.post("/control/v1/clock/advance", ["to": now, "by": "1d"])
        #expect(both.status == 400)
        let malformed = try await client.post("/control/v1/clock/advance", ["by": "soon"])
        #expect(malformed.status == 400 && malformed.json["error"] as? String == "badRequest")
        let missing = try await client.post("/control/v1/subscriptions/2000000099999999/renew")
        #expect(missing.status == 404 && missing.json["error"] as? String == "subscriptionNotFound")
        let noBody = try await client.post("/control/v1/purchases")
        #expect(noBody.status == 400)

        // A simulated StoreKit error names itself, so a client can throw it.
        _ = try await client.post("/control/v1/simulated-errors", ["api": "Purchase", "type": "generic", "index": 2])
        let simulated = try await client.post(Self.app + "/accounts/erin/purchases", ["productId": Self.coins])
        #expect(simulated.json["error"] as? String == "simulatedError")
        #expect(simulated.json["details"] as? [String: String] == ["api": "Purchase", "type": "generic", "index": "2", "name": "networkError"])
        _ = try await client.post("/control/v1/simulated-errors", ["api": "Purchase"])
        #expect(try await client.post(Self.app + "/accounts/erin/purchases", ["productId": Self.coins]).json["result"] as? String == "success")
        let unknownAPI = try await client.post("/control/v1/simulated-errors", ["api": "Teleport"])
        #expect(unknownAPI.status == 400 && (unknownAPI.json["message"] as? String)?.contains("Load Products") == true)
    }

    @Test func theOpenAPIDocumentDescribesEveryServedRouteAndNothingElse() async throws {
        let harness = try await EmulatorHarness.start()
        defer { Task { await harness.stop() } }
        let answer = try await JSONClient(baseURL: harness.baseURL).get("/openapi.json")
        #expect(answer.json["openapi"] as? String == "3.0.3")
        let paths = try require(answer.json["paths"])
        let documented = Set(paths.flatMap { path, operations in
            (operations as? [String: Any] ?? [:]).keys.map { "\($0.uppercased()) \(path)" }
        })
        // The APIs; pages and protocol endpoints other parts mount (the web page, OCSP) are not API.
        let apiPrefixes = ["/inApps/", "/storekit/", "/control/", "/openapi.json"]
        let served = Set(harness.server.routes.filter { route in apiPrefixes.contains { route.path.hasPrefix($0) } }.map(\.description))
        #expect(served.subtracting(documented).isEmpty, "undocumented: \(served.subtracting(documented).sorted())")
        #expect(documented.subtracting(served).isEmpty, "documented but not served: \(documented.subtracting(served).sorted())")
        #expect(served.contains("GET /storekit/v1/apps/{bundleId}/accounts/{accountId}/updates"))
        if PythonOracle.isAvailable {
            let verdict = try await PythonOracle.results("openapi", ["document": answer.json])
            #expect(verdict.first?["valid"] as? Bool == true, "\(verdict)")
        }
    }
}

@Suite struct ClockStepTests {
    @Test(arguments: [
        ("1M", "2026-02-28T00:00:00Z"), ("1d12h", "2026-02-01T12:00:00Z"), ("2w", "2026-02-14T00:00:00Z"),
        ("90s", "2026-01-31T00:01:30Z"), ("1y", "2027-01-31T00:00:00Z"),
    ])
    func stepsAddCalendarComponentsInUTC(text: String, expected: String) throws {
        let start = Timestamp(try Date("2026-01-31T00:00:00Z", strategy: .iso8601))
        let step = try #require(ClockStep(text))
        #expect(step.applied(to: start) == Timestamp(try Date(expected, strategy: .iso8601)))
    }

    @Test(arguments: ["", "M", "1", "1x", "0d", "-1d", "1.5d"])
    func somethingElseIsNoStep(text: String) {
        #expect(ClockStep(text) == nil)
    }
}
