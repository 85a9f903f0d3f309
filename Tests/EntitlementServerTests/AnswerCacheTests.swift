import EntitlementServer
import Foundation
import StoreModel
import Testing

@Suite struct AnswerCacheTests {
    private func capabilities(_ json: [UInt8]) throws -> [String] {
        try JSONDecoder().decode(AccountEntitlements.self, from: Data(json)).activeCapabilities
    }

    @Test(arguments: Backend.all)
    func `a cached answer is replaced as soon as a write or an expiry changes it`(backend: Backend) async throws {
        try await Harness.run(on: backend) { harness in
            let store = harness.store
            let token = UUID()
            let account = token.uuidString.lowercased()
            #expect(try capabilities(try await harness.service.entitlementsJSON(account: account)).isEmpty)
            try await harness.post(
                .oneTimeCharge, at: .day(0),
                transaction: store.transaction(id: "9800", product: "notes.pass.month", type: .nonRenewable, purchase: .day(0), token: token))
            #expect(try capabilities(try await harness.service.entitlementsJSON(account: account)) == ["pass"])
            #expect(try capabilities(try await harness.service.entitlementsJSON(account: account)) == ["pass"])
            _ = try await harness.service.grant(account: account, capability: "pro", grantId: "g", expiresAt: .day(60), reason: "test")
            #expect(try capabilities(try await harness.service.entitlementsJSON(account: account)) == ["pass", "pro"])
            harness.clock.set(.day(31))
            #expect(try capabilities(try await harness.service.entitlementsJSON(account: account)) == ["pro"])
        }
    }

    @Test func `a write by another server sharing the database is seen after the next version poll`() async throws {
        try await Backend(kind: .sqlite).withDatabase { database in
            let clock = TestClock()
            let configuration = TestAppStore.configuration()
            let first = try await EntitlementService.open(
                configuration: configuration, database: database, clock: VirtualClock(now: clock.now))
            let second = try EntitlementService(configuration: configuration, database: database, currentTime: clock.source)
            #expect(try capabilities(try await first.entitlementsJSON(account: "kim")).isEmpty)
            _ = try await second.grant(account: "kim", capability: "pro", grantId: "g2", expiresAt: nil, reason: "test")
            #expect(try capabilities(try await second.entitlementsJSON(account: "kim")) == ["pro"])
            try await first.refreshCachedAnswers(changedSince: clock.now.milliseconds - 2_000)
            #expect(try capabilities(try await first.entitlementsJSON(account: "kim")) == ["pro"])
        }
    }
}
