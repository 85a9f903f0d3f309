import EntitlementServer
import Foundation
import StoreHTTP
import StoreModel
import StoreStorage
import Testing

/// The real emulated App Store (`tienda serve`, its own process) drives a scenario through its control API, and an
/// entitlement server reads what happened from the emulator's App Store Server API — Notification History and
/// All Subscription Statuses, with an ES256 bearer token of the key `tienda serve` created — as it would from
/// Apple's. After each step the entitlement API answers what the scenario expects.
///
/// The entitlement server's clock follows the emulator's virtual clock (read from `GET /control/v1/clock` after
/// each step), since the scenario moves the emulator months ahead of the wall clock.
@Suite(.serialized) struct ServeEndToEndTests {
    static let bundleId = EngineEndToEndTests.bundleId
    static let monthly = EngineEndToEndTests.monthly

    /// The emulator process, the entitlement server and the clients, wired together.
    struct World {
        let emulator: EmulatorProcess
        let control: ControlClient
        let server: EntitlementServerProcess
        let clock: TestClock
        let client = HTTPClient()

        var base: URL { URL(string: "http://127.0.0.1:\(server.port)")! }

        /// Sets the entitlement server's clock to the emulator's, then has it read the emulator's Server API.
        func sync(chain: String) async throws {
            let answer = try await control.call(.get, "clock")
            clock.set(Timestamp(milliseconds: try #require((answer["now"] as? NSNumber)?.int64Value)))
            let response = try await client.send(
                method: .post, url: base.appending(path: "v1/reconcile"),
                headers: ["Authorization": "Bearer test", "Content-Type": "application/json"],
                body: Data(#"{"originalTransactionIds": ["\#(chain)"]}"#.utf8))
            #expect(response.status == .ok, "reconcile: \(response.text)")
            let report = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
            #expect((report?["problems"] as? [Any])?.isEmpty ?? true, "reconcile problems: \(report?["problems"] ?? "")")
        }

        /// The account's capability `pro`, over HTTP.
        func pro(_ account: String) async throws -> CapabilityState {
            let response = try await client.send(
                url: base.appending(path: "v1/accounts/\(account)/entitlements"), headers: ["Authorization": "Bearer test"])
            #expect(response.status == .ok)
            let answer = try JSONDecoder().decode(AccountEntitlements.self, from: response.body)
            return try #require(answer.capabilities.first { $0.capability == "pro" }, "no pro capability in \(response.text)")
        }

        /// The notifications applied to the account, by name, in order (the "why").
        func notificationNames(_ account: String) async throws -> [String] {
            let response = try await client.send(
                url: base.appending(path: "v1/accounts/\(account)/history"), headers: ["Authorization": "Bearer test"])
            let history = (try JSONSerialization.jsonObject(with: response.body) as? [String: Any])?["history"] as? [[String: Any]] ?? []
            return history.filter { $0["kind"] as? String == "notification" }.compactMap { entry in
                (entry["summary"] as? String)?.split(separator: " ").first.map(String.init)
            }
        }
    }

    private func withWorld(_ body: (World) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "tienda-serve-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let emulator = try await EmulatorProcess(catalog: EngineEndToEndTests.catalog, state: folder.appending(path: "emulator"))
        defer { emulator.stop() }
        let baseURL = try emulator.baseURL()
        let root = try Data(contentsOf: URL(fileURLWithPath: try emulator.value("root certificate")))
        let serverAPI = ServerAPIConfiguration(
            baseURL: baseURL, issuerId: try emulator.value("issuer ID"), keyId: try emulator.value("API key ID"),
            privateKeyPEM: try String(contentsOf: URL(fileURLWithPath: try emulator.value("private key")), encoding: .utf8))
        let configuration = EntitlementServerConfiguration(
            apps: [
                AppConfiguration(
                    bundleId: Self.bundleId, appAppleId: nil,
                    environments: [EnvironmentTrust(environment: .sandbox, rootCertificates: [root], serverAPI: serverAPI)])
            ],
            products: [Self.monthly: ProductRule(capabilities: ["pro"])],
            apiKeys: TestAppStore.configuration().apiKeys)
        let clock = TestClock()
        let database = try SQLiteDatabase(path: folder.appending(path: "entitlements.sqlite").path)
        let server = try await EntitlementServerProcess.start(configuration: configuration, database: database, currentTime: clock.source)
        let result: Result<Void, any Error>
        do {
            result = .success(
                try await body(World(emulator: emulator, control: ControlClient(baseURL: baseURL), server: server, clock: clock)))
        } catch {
            result = .failure(error)
        }
        await server.stop()
        await database.close()
        try result.get()
    }

    @Test func `buy, renew, billing failure into grace, recovery and refund, read from the real emulator's Server API`() async throws {
        try await withWorld { world in
            let token = UUID()
            let account = token.uuidString.lowercased()
            let purchase = try await world.control.call(
                .post, "purchases", ["productId": Self.monthly, "accountId": "alice", "appAccountToken": account])
            let transaction = try #require((purchase["transaction"] as? [String: Any])?["transaction"] as? [String: Any])
            let original = try #require(transaction["originalTransactionId"] as? String)
            try await world.sync(chain: original)
            var pro = try await world.pro(account)
            #expect(pro.active && pro.state == .active && pro.sources.first?.originalTransactionId == original)
            #expect(try await world.notificationNames(account) == ["SUBSCRIBED/INITIAL_BUY"])

            try await world.control.call(.post, "clock/advance", ["by": "31d"])
            try await world.sync(chain: original)
            pro = try await world.pro(account)
            #expect(pro.active && pro.state == .active && pro.sources.first?.transactionId != original)
            #expect(try await world.notificationNames(account).last == "DID_RENEW")

            try await world.control.call(.post, "subscriptions/\(original)/billing-failure")
            try await world.control.call(.post, "clock/advance", ["by": "31d"])
            try await world.sync(chain: original)
            pro = try await world.pro(account)
            #expect(pro.active && pro.state == .gracePeriod && pro.sources.first?.gracePeriodExpiresAt != nil)
            #expect(try await world.notificationNames(account).last == "DID_FAIL_TO_RENEW/GRACE_PERIOD")

            try await world.control.call(.post, "subscriptions/\(original)/billing-resolution")
            try await world.sync(chain: original)
            pro = try await world.pro(account)
            #expect(pro.active && pro.state == .active)
            #expect(try await world.notificationNames(account).last == "DID_RENEW/BILLING_RECOVERY")
            let latest = try #require(pro.sources.first?.transactionId)

            try await world.control.call(.post, "transactions/\(latest)/refund")
            try await world.sync(chain: original)
            pro = try await world.pro(account)
            #expect(!pro.active && pro.state == .revoked)
            #expect(try await world.notificationNames(account).last == "REFUND")
        }
    }
}
