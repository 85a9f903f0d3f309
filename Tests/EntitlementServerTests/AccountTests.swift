import EntitlementServer
import Foundation
import StoreModel
import StoreStorage
import Testing

@Suite struct AccountTests {
    /// A lifetime purchase signed for the app, without appAccountToken (as when the app never set one).
    private func lifetime(_ store: TestAppStore, id: String = "8000") -> String {
        store.sign(store.transaction(id: id, product: "notes.lifetime", type: .nonConsumable, purchase: .day(0)))
    }

    @Test(arguments: Backend.all, RestorePolicy.allCases)
    func `a purchase presented by a second account follows the restore policy and is audited`(
        backend: Backend, policy: RestorePolicy
    ) async throws {
        try await Harness.run(on: backend, configuration: TestAppStore.configuration(restorePolicy: policy)) { harness in
            let signed = lifetime(harness.store)
            let (_, first) = try await harness.service.submitTransaction(account: "alice", signedTransaction: signed)
            #expect(first == .linked)
            let (_, again) = try await harness.service.submitTransaction(account: "alice", signedTransaction: signed)
            #expect(again == .alreadyOwned)
            let (_, second) = try await harness.service.submitTransaction(account: "bob", signedTransaction: signed)
            let alice = try await harness.entitlements("alice").activeCapabilities
            let bob = try await harness.entitlements("bob").activeCapabilities
            switch policy {
            case .transfer:
                #expect(second == .transferred(from: ["alice"]) && alice.isEmpty && bob == ["pro"])
            case .keep:
                #expect(second == .kept(owner: "alice") && alice == ["pro"] && bob.isEmpty)
            case .share:
                #expect(second == .shared(owner: "alice") && alice == ["pro"] && bob == ["pro"])
            }
            let aliceHistory = try await harness.service.history(account: "alice").filter { $0.kind == "ownership" }
            let bobHistory = try await harness.service.history(account: "bob").filter { $0.kind == "ownership" }
            #expect(aliceHistory.count == 2)
            #expect(bobHistory.count == 1 && bobHistory[0].details["decision"] == second.name)
        }
    }

    @Test(arguments: Backend.all)
    func `a registered appAccountToken links later notifications to its account`(backend: Backend) async throws {
        try await Harness.run(on: backend) { harness in
            let token = UUID()
            try await harness.service.registerAppAccountToken(token.uuidString, account: "carol")
            let transaction = harness.store.transaction(
                id: "8100", product: "notes.pro.monthly", type: .autoRenewable, purchase: .day(0), expires: .day(30), token: token)
            try await harness.post(.subscribed, subtype: .initialBuy, at: .day(0), transaction: transaction, status: .active)
            #expect(try await harness.entitlements("carol").activeCapabilities == ["pro"])
            #expect(try await harness.entitlements(token.uuidString.lowercased()).capabilities.isEmpty)
        }
    }

    @Test(arguments: Backend.all)
    func `a transaction sent by an app before its notification grants access and the notification is not applied twice`(
        backend: Backend
    ) async throws {
        try await Harness.run(on: backend) { harness in
            let store = harness.store
            let transaction = store.transaction(
                id: "8200", product: "notes.pro.monthly", type: .autoRenewable, purchase: .day(0), expires: .day(30))
            let (outcome, decision) = try await harness.service.submitTransaction(account: "dave", signedTransaction: store.sign(transaction))
            #expect(decision == .linked && outcome.advancedState)
            #expect(try await harness.entitlements("dave").activeCapabilities == ["pro"])
            try await harness.post(.subscribed, subtype: .initialBuy, at: .day(0), transaction: transaction, status: .active)
            let events = try await harness.database.query("SELECT event_id FROM ent_events ORDER BY event_id").map { try $0.string("event_id") }
            #expect(events == ["capability_granted:8200"])
        }
    }

    @Test(arguments: Backend.all)
    func `a promotional grant gives a capability for its period and can be revoked`(backend: Backend) async throws {
        try await Harness.run(on: backend) { harness in
            let granted = try await harness.service.grant(
                account: "erin", capability: "pro", grantId: "launch-week", expiresAt: .day(7), reason: "launch week")
            #expect(granted)
            #expect(try await harness.service.grant(account: "erin", capability: "pro", grantId: "launch-week", expiresAt: .day(7), reason: "launch week") == false)
            let active = try #require(try await harness.capability("pro", of: "erin"))
            #expect(active.active && active.sources.first?.kind == "promotional" && active.expiresAt == Timestamp.day(7).milliseconds)
            #expect(try await harness.entitlements("erin").validUntil == Timestamp.day(7).milliseconds)
            harness.clock.set(.day(8))
            #expect(try await harness.capability("pro", of: "erin")?.state == .expired)
            harness.clock.set(.day(1))
            try await harness.service.revokeGrant(account: "erin", grantId: "launch-week")
            harness.clock.set(.day(2))
            #expect(try await harness.capability("pro", of: "erin")?.state == .revoked)
            await #expect(throws: EntitlementServiceError.self) { try await harness.service.revokeGrant(account: "erin", grantId: "nope") }
        }
    }

    @Test(arguments: Backend.all)
    func `spending never goes below zero and is idempotent, while a refund after spending leaves a negative balance`(
        backend: Backend
    ) async throws {
        try await Harness.run(on: backend) { harness in
            let store = harness.store
            let coins = store.transaction(id: "8300", product: "notes.coins.100", type: .consumable, purchase: .day(0), quantity: 2)
            _ = try await harness.service.submitTransaction(account: "frank", signedTransaction: store.sign(coins))
            #expect(try await harness.service.spend(account: "frank", currency: "coins", amount: 150, idempotencyKey: "order-1") == .spent(balance: 50))
            #expect(try await harness.service.spend(account: "frank", currency: "coins", amount: 150, idempotencyKey: "order-1") == .alreadyApplied(balance: 50))
            #expect(try await harness.service.spend(account: "frank", currency: "coins", amount: 60, idempotencyKey: "order-2") == .insufficient(balance: 50))
            var refunded = coins
            refunded.revocationDate = .day(1)
            try await harness.post(.refund, at: .day(1), transaction: refunded)
            #expect(try await harness.entitlements("frank").consumables == ["coins": -150])
        }
    }

    @Test(arguments: ["", "a/b", "with space", String(repeating: "x", count: 201)])
    func `malformed account identifiers are refused`(account: String) async throws {
        try await Harness.run(on: Backend.all[0]) { harness in
            let error = await #expect(throws: EntitlementServiceError.self) { try await harness.service.entitlements(account: account) }
            #expect(error?.httpStatus == 400)
        }
    }
}
