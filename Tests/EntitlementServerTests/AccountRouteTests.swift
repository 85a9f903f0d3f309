import EntitlementServer
import Foundation
import StoreHTTP
import StoreModel
import Testing

/// The account routes over real HTTP: transactions sent by apps, and the "why" of an account.
@Suite struct AccountRouteTests {
    private let headers: HTTPHeaders = ["Authorization": "Bearer \(RouteTests.apiKey)", "Content-Type": "application/json"]

    private func withServer<T>(
        configuration: EntitlementServerConfiguration, clock: TestClock = TestClock(),
        _ body: (URL, HTTPClient) async throws -> T
    ) async throws -> T {
        try await Backend.inMemory.withDatabase { database in
            let process = try await EntitlementServerProcess.start(
                configuration: configuration, database: database, currentTime: clock.source)
            let result: Result<T, any Error>
            do {
                result = .success(try await body(URL(string: "http://127.0.0.1:\(process.port)")!, HTTPClient()))
            } catch {
                result = .failure(error)
            }
            await process.stop()
            return try result.get()
        }
    }

    private func object(_ response: HTTPClientResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    }

    private func submitBody(_ signedTransaction: String) -> Data {
        Data(#"{"signedTransaction":"\#(signedTransaction)"}"#.utf8)
    }

    @Test func `a transaction sent by an app is verified, applied, and claimed under the restore policy`() async throws {
        try await withServer(configuration: TestAppStore.configuration(restorePolicy: .keep)) { base, client in
            let store = TestAppStore()
            let signed = store.sign(store.transaction(id: "9300", product: "notes.lifetime", type: .nonConsumable, purchase: .day(0)))
            let alice = try await client.send(
                method: .post, url: base.appending(path: "v1/accounts/alice/transactions"), headers: headers, body: submitBody(signed))
            #expect(alice.status == .ok)
            let aliceAnswer = try object(alice)
            #expect(aliceAnswer["decision"] as? String == "linked" && aliceAnswer["owner"] as? String == "alice")
            let aliceEntitlements = try #require(aliceAnswer["entitlements"] as? [String: Any])
            let capabilities = try #require(aliceEntitlements["capabilities"] as? [[String: Any]])
            #expect(capabilities.map { $0["capability"] as? String } == ["pro"] && capabilities[0]["active"] as? Bool == true)

            let bob = try await client.send(
                method: .post, url: base.appending(path: "v1/accounts/bob/transactions"), headers: headers, body: submitBody(signed))
            #expect(bob.status == .ok)
            #expect(try object(bob)["decision"] as? String == "kept_by_owner" && (try object(bob)["owner"] as? String) == "alice")
            let bobAnswer = try await client.send(url: base.appending(path: "v1/accounts/bob/entitlements"), headers: headers)
            #expect(try JSONDecoder().decode(AccountEntitlements.self, from: bobAnswer.body).activeCapabilities.isEmpty)

            let forger = TestAppStore(authority: TestAppStore.forger)
            let forged = forger.sign(forger.transaction(id: "9301", product: "notes.lifetime", type: .nonConsumable, purchase: .day(0)))
            let refused = try await client.send(
                method: .post, url: base.appending(path: "v1/accounts/carol/transactions"), headers: headers, body: submitBody(forged))
            #expect(refused.status == .forbidden)
            let foreignApp = TestAppStore(bundleId: "com.example.other")
            let foreign = foreignApp.sign(
                foreignApp.transaction(id: "9302", product: "notes.lifetime", type: .nonConsumable, purchase: .day(0)))
            let refusedForeign = try await client.send(
                method: .post, url: base.appending(path: "v1/accounts/carol/transactions"), headers: headers, body: submitBody(foreign))
            #expect(refusedForeign.status == .forbidden)
            #expect((try object(refusedForeign)["error"] as? [String: String])?["code"] == "foreign_app")
            let carol = try await client.send(url: base.appending(path: "v1/accounts/carol/entitlements"), headers: headers)
            #expect(try JSONDecoder().decode(AccountEntitlements.self, from: carol.body).capabilities.isEmpty)

            let anonymous = try await client.send(
                method: .post, url: base.appending(path: "v1/accounts/dave/transactions"), body: submitBody(signed))
            #expect(anonymous.status == .unauthorized)
        }
    }

    @Test func `the history route tells the events that led to the answer, in order`() async throws {
        let clock = TestClock()
        try await withServer(configuration: TestAppStore.configuration(), clock: clock) { base, client in
            let store = TestAppStore()
            let token = UUID()
            let account = token.uuidString.lowercased()
            let first = store.transaction(
                id: "9400", product: "notes.pro.monthly", type: .autoRenewable, purchase: .day(0), expires: .day(30), token: token)
            let renewed = store.transaction(
                id: "9401", original: "9400", product: "notes.pro.monthly", type: .autoRenewable, purchase: .day(30), expires: .day(60),
                token: token)
            let notificationURL = base.appending(path: "v1/notifications")
            for body in [
                store.notificationBody(.subscribed, subtype: .initialBuy, signedDate: .day(0), transaction: first, status: .active),
                store.notificationBody(.didRenew, signedDate: .day(30), transaction: renewed, status: .active),
                store.notificationBody(
                    .refund, signedDate: .day(31),
                    transaction: store.transaction(
                        id: "9401", original: "9400", product: "notes.pro.monthly", type: .autoRenewable, purchase: .day(30),
                        expires: .day(60), token: token, revoked: .day(31)),
                    status: .revoked),
            ] {
                #expect(try await client.send(method: .post, url: notificationURL, body: body).status == .ok)
            }
            clock.set(.day(32))
            let granted = try await client.send(
                method: .post, url: base.appending(path: "v1/accounts/\(account)/grants"), headers: headers,
                body: Data(#"{"grantId": "sorry", "capability": "pro", "durationSeconds": 86400, "reason": "refund goodwill"}"#.utf8))
            #expect(granted.status == .created)
            let response = try await client.send(url: base.appending(path: "v1/accounts/\(account)/history"), headers: headers)
            #expect(response.status == .ok)
            let answer = try object(response)
            #expect(answer["accountId"] as? String == account)
            let history = try #require(answer["history"] as? [[String: Any]])
            let notifications = history.filter { $0["kind"] as? String == "notification" }.compactMap { $0["summary"] as? String }
            #expect(notifications == ["SUBSCRIBED/INITIAL_BUY applied", "DID_RENEW applied", "REFUND applied"])
            #expect(history.last?["summary"] as? String == "promotional pro granted: refund goodwill")
            let instants = history.compactMap { $0["at"] as? Int64 }
            #expect(instants == instants.sorted() && instants.count == history.count)
            let entitlements = try await client.send(url: base.appending(path: "v1/accounts/\(account)/entitlements"), headers: headers)
            let pro = try #require(try JSONDecoder().decode(AccountEntitlements.self, from: entitlements.body).capabilities.first)
            #expect(pro.active && pro.state == .active)
            #expect(pro.sources.map { "\($0.kind) \($0.state.rawValue)" }.sorted() == ["app_store revoked", "promotional active"])
        }
    }
}
