import EntitlementServer
import Foundation
import StoreHTTP
import StoreModel
import StoreStorage
import Testing

/// The real emulated App Store (`tienda serve`, its own process) drives a scenario through its control API, and an
/// entitlement server learns what happened as it would from Apple: from the notifications `tienda serve --notify`
/// POSTs, or by reading the emulator's App Store Server API — Notification History and All Subscription Statuses,
/// with an ES256 bearer token of the key `tienda serve` created. After each step the entitlement API answers what
/// the scenario expects.
///
/// The entitlement server's clock follows the emulator's virtual clock (read from `GET /control/v1/clock` after
/// each step), since the scenario moves the emulator months ahead of the wall clock.
@Suite(.serialized) struct ServeEndToEndTests {
    static let bundleId = EngineEndToEndTests.bundleId
    static let monthly = EngineEndToEndTests.monthly

    /// How the entitlement server learns what happened.
    enum Path: String, Sendable, CustomTestStringConvertible {
        /// `tienda serve --notify` POSTs each notification to `/v1/notifications`.
        case notifications
        /// The reconciler reads the Server API on demand (`POST /v1/reconcile`).
        case reconciler

        var testDescription: String { rawValue }
    }

    /// The emulator process, the entitlement server and the clients, wired together.
    struct World {
        let path: Path
        let emulator: EmulatorProcess
        let control: ControlClient
        let server: EntitlementServerProcess
        let clock: TestClock
        let client = HTTPClient()

        var base: URL { URL(string: "http://127.0.0.1:\(server.port)")! }

        /// Sets the entitlement server's clock to the emulator's, then waits until the notification `name` about
        /// `chain` reached `account`'s history: delivered by the emulator, or read by the reconciler.
        func settle(_ name: String, chain: String, account: String) async throws {
            let answer = try await control.call(.get, "clock")
            clock.set(Timestamp(milliseconds: try #require((answer["now"] as? NSNumber)?.int64Value)))
            switch path {
            case .reconciler:
                try await reconcile(chain: chain)
            case .notifications:
                let start = ContinuousClock.now
                while try await notificationNames(account).last != name {
                    guard ContinuousClock.now - start < .seconds(60) else {
                        Issue.record("\(name) was not delivered within a minute; the emulator printed: \(emulator.text)")
                        return
                    }
                    try await Task.sleep(for: .milliseconds(50))
                }
            }
            #expect(try await notificationNames(account).last == name)
        }

        /// Has the entitlement server read the emulator's Server API.
        func reconcile(chain: String) async throws {
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

    private func withWorld(_ path: Path, _ body: (World) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "tienda-serve-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = folder.appending(path: "emulator")
        var emulator = try await EmulatorProcess(catalog: EngineEndToEndTests.catalog, state: state)
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
            if path == .notifications {
                // The emulator's root and key exist now; run it again (same state) sending its notifications here.
                emulator.stop()
                emulator = try await EmulatorProcess(
                    catalog: EngineEndToEndTests.catalog, state: state,
                    arguments: ["--notify", "http://127.0.0.1:\(server.port)/v1/notifications"])
            }
            let control = ControlClient(baseURL: try emulator.baseURL())
            result = .success(try await body(World(path: path, emulator: emulator, control: control, server: server, clock: clock)))
        } catch {
            result = .failure(error)
        }
        await server.stop()
        await database.close()
        try result.get()
    }

    @Test(arguments: [Path.notifications, Path.reconciler])
    func `buy, renew, billing failure into grace, recovery and refund reach the entitlement API from the real tienda serve`(
        path: Path
    ) async throws {
        try await withWorld(path) { world in
            let token = UUID()
            let account = token.uuidString.lowercased()
            let purchase = try await world.control.call(
                .post, "purchases", ["productId": Self.monthly, "accountId": "alice", "appAccountToken": account])
            let transaction = try #require((purchase["transaction"] as? [String: Any])?["transaction"] as? [String: Any])
            let original = try #require(transaction["originalTransactionId"] as? String)
            try await world.settle("SUBSCRIBED/INITIAL_BUY", chain: original, account: account)
            var pro = try await world.pro(account)
            #expect(pro.active && pro.state == .active && pro.sources.first?.originalTransactionId == original)
            #expect(try await world.notificationNames(account) == ["SUBSCRIBED/INITIAL_BUY"])

            try await world.control.call(.post, "clock/advance", ["by": "31d"])
            try await world.settle("DID_RENEW", chain: original, account: account)
            pro = try await world.pro(account)
            #expect(pro.active && pro.state == .active && pro.sources.first?.transactionId != original)

            try await world.control.call(.post, "subscriptions/\(original)/billing-failure")
            try await world.control.call(.post, "clock/advance", ["by": "31d"])
            try await world.settle("DID_FAIL_TO_RENEW/GRACE_PERIOD", chain: original, account: account)
            pro = try await world.pro(account)
            #expect(pro.active && pro.state == .gracePeriod && pro.sources.first?.gracePeriodExpiresAt != nil)

            try await world.control.call(.post, "subscriptions/\(original)/billing-resolution")
            try await world.settle("DID_RENEW/BILLING_RECOVERY", chain: original, account: account)
            pro = try await world.pro(account)
            #expect(pro.active && pro.state == .active)
            let latest = try #require(pro.sources.first?.transactionId)

            try await world.control.call(.post, "transactions/\(latest)/refund")
            try await world.settle("REFUND", chain: original, account: account)
            pro = try await world.pro(account)
            #expect(!pro.active && pro.state == .revoked)
        }
    }
}
