import AppStoreEngine
import EntitlementServer
import Foundation
import StoreHTTP
import StoreModel
import StoreStorage
import Testing

/// The emulated App Store drives a scenario; every notification in its outbox is POSTed over real HTTP to a
/// running entitlement server (as `tienda serve` will deliver them), and after each step the entitlement API
/// answers what the scenario expects.
@Suite struct EngineEndToEndTests {
    static let bundleId = "com.tienda.example"
    static let monthly = "com.tienda.example.pro.monthly"
    static let coins = "com.tienda.example.coins.100"
    static let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Examples/Tienda.storekit")

    /// The engine, the server and an HTTP client, wired together.
    struct World {
        let engine: AppStoreEngine
        let clock: VirtualClock
        let server: EntitlementServerProcess
        let client = HTTPClient()

        /// Delivers every pending notification over HTTP; returns the names delivered.
        @discardableResult
        func deliver() async throws -> [String] {
            var names: [String] = []
            for notification in try await engine.pendingNotifications(bundleId: EngineEndToEndTests.bundleId) {
                let body = Data(#"{"signedPayload":"\#(notification.signedPayload)"}"#.utf8)
                let response = try await client.send(
                    method: .post, url: URL(string: "http://127.0.0.1:\(server.port)/v1/notifications")!,
                    headers: ["Content-Type": "application/json"], body: body)
                #expect(response.status == .ok, "\(notification.name): \(response.text)")
                try await engine.recordDeliveryAttempt(
                    notificationUUID: notification.notificationUUID, result: response.status == .ok ? .success : .unsuccessfulHTTPResponseCode)
                names.append(notification.name)
            }
            return names
        }

        /// The account's answer, over HTTP.
        func entitlements(_ account: String) async throws -> AccountEntitlements {
            let response = try await client.send(
                url: URL(string: "http://127.0.0.1:\(server.port)/v1/accounts/\(account)/entitlements")!,
                headers: ["Authorization": "Bearer test"])
            #expect(response.status == .ok)
            return try JSONDecoder().decode(AccountEntitlements.self, from: response.body)
        }
    }

    private func withWorld(_ body: (World) async throws -> Void) async throws {
        let clock = VirtualClock()
        let engine = try await AppStoreEngine(configuration: .init(storage: .inMemory, clock: clock))
        try await engine.registerApp(
            AppRegistration(bundleId: Self.bundleId, appAppleId: 1_234_567_890, environment: .sandbox, catalogFile: Self.catalog))
        try await engine.updateSettings(bundleId: Self.bundleId) { $0.billingGracePeriodEnabled = true }
        try await engine.createAccount(Account(id: "alice"))
        let configuration = EntitlementServerConfiguration(
            apps: [
                AppConfiguration(
                    bundleId: Self.bundleId, appAppleId: 1_234_567_890,
                    environments: [EnvironmentTrust(environment: .sandbox, rootCertificates: [engine.rootCertificateDER])])
            ],
            products: [
                Self.monthly: ProductRule(capabilities: ["pro"]),
                Self.coins: ProductRule(consumable: ConsumableCredit(currency: "coins", amount: 100)),
            ],
            apiKeys: TestAppStore.configuration().apiKeys)
        let database = try SQLiteDatabase.inMemory()
        let server = try await EntitlementServerProcess.start(
            configuration: configuration, database: database, currentTime: { clock.now })
        let result: Result<Void, any Error>
        do { result = .success(try await body(World(engine: engine, clock: clock, server: server))) } catch { result = .failure(error) }
        await server.stop()
        await database.close()
        await engine.close()
        try result.get()
    }

    @Test func `buy, renew, billing failure into grace, recovery and refund reach the entitlement API`() async throws {
        try await withWorld { world in
            let token = UUID()
            let account = token.uuidString.lowercased()
            let purchase = try await world.engine.purchase(
                PurchaseRequest(bundleId: Self.bundleId, accountId: "alice", productId: Self.monthly, appAccountToken: token))
            let original = try #require(purchase.transaction?.payload.originalTransactionId)
            #expect(try await world.deliver() == ["SUBSCRIBED/INITIAL_BUY"])
            var pro = try #require(try await world.entitlements(account).capabilities.first)
            #expect(pro.active && pro.state == .active)

            try await world.engine.advance(by: .seconds(31 * 86_400))
            #expect(try await world.deliver() == ["DID_RENEW"])
            pro = try #require(try await world.entitlements(account).capabilities.first)
            #expect(pro.active && pro.sources.first?.transactionId != original)

            try await world.engine.setBillingIssue(true, originalTransactionId: original)
            try await world.engine.advance(by: .seconds(31 * 86_400))
            #expect(try await world.deliver() == ["DID_FAIL_TO_RENEW/GRACE_PERIOD"])
            pro = try #require(try await world.entitlements(account).capabilities.first)
            #expect(pro.active && pro.state == .gracePeriod && pro.sources.first?.gracePeriodExpiresAt != nil)

            try await world.engine.resolveBillingIssue(originalTransactionId: original)
            #expect(try await world.deliver() == ["DID_RENEW/BILLING_RECOVERY"])
            pro = try #require(try await world.entitlements(account).capabilities.first)
            #expect(pro.active && pro.state == .active)
            let latest = try #require(pro.sources.first?.transactionId)

            try await world.engine.refund(transactionId: latest)
            #expect(try await world.deliver() == ["REFUND"])
            pro = try #require(try await world.entitlements(account).capabilities.first)
            #expect(!pro.active && pro.state == .revoked)
        }
    }

    @Test func `a consumable purchase credits once and its refund debits once`() async throws {
        try await withWorld { world in
            let token = UUID()
            let account = token.uuidString.lowercased()
            let purchase = try await world.engine.purchase(
                PurchaseRequest(bundleId: Self.bundleId, accountId: "alice", productId: Self.coins, quantity: 2, appAccountToken: token))
            try await world.deliver()
            #expect(try await world.entitlements(account).consumables == ["coins": 200])
            try await world.engine.refund(transactionId: try #require(purchase.transaction?.payload.transactionId))
            try await world.deliver()
            #expect(try await world.entitlements(account).consumables == ["coins": 0])
        }
    }
}
