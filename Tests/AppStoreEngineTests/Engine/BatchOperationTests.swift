import Foundation
import StoreModel
import Testing

@testable import AppStoreEngine

/// Batch forms of single operations: one storage transaction, each item handled as the single operation would.
@Suite struct BatchOperationTests {
    typealias H = EngineHarness

    @Test(arguments: StoreKind.allCases)
    func aBatchOfRefundsRevokesEachSubscriptionLikeSingleRefunds(store: StoreKind) async throws {
        let h = try await H.make(store, accounts: ["alice", "bob"])
        let alice = try await h.buy(H.monthly, account: "alice")
        let bob = try await h.buy(H.monthly, account: "bob")
        try await h.engine.refund(batch: [alice.transactionId, bob.transactionId], reason: .refundedDueToIssue)
        #expect(try await h.names() == ["SUBSCRIBED/INITIAL_BUY", "SUBSCRIBED/INITIAL_BUY", "REFUND", "REFUND"])
        let refunds = try await h.notifications().suffix(2).map { try #require($0.transaction) }
        #expect(refunds.map(\.transactionId) == [alice.transactionId, bob.transactionId])
        #expect(refunds.allSatisfy { $0.revocationDate == h.clock.now && $0.revocationReason == .refundedDueToIssue })
        #expect(try await h.state(alice.transactionId) == .revoked)
        #expect(try await h.state(bob.transactionId) == .revoked)
    }

    @Test(arguments: StoreKind.allCases)
    func billingFailuresAndRecoveriesInBatchesFollowTheLifecycle(store: StoreKind) async throws {
        let h = try await H.make(store, accounts: ["alice", "bob"])
        let alice = try await h.buy(H.monthly, account: "alice")
        let bob = try await h.buy(H.monthly, account: "bob")
        let originals = [alice.transactionId, bob.transactionId]
        try await h.engine.setBillingIssue(originalTransactionIds: originals)
        try await h.advance(days: 31)
        #expect(try await h.state(alice.transactionId) == .inBillingRetryPeriod)
        #expect(try await h.state(bob.transactionId) == .inBillingRetryPeriod)
        try await h.engine.resolveBillingIssue(originalTransactionIds: originals)
        #expect(try await h.names(from: 2) == [
            "DID_FAIL_TO_RENEW", "DID_FAIL_TO_RENEW", "DID_RENEW/BILLING_RECOVERY", "DID_RENEW/BILLING_RECOVERY",
        ])
        #expect(try await h.state(alice.transactionId) == .subscribed)
        #expect(try await h.state(bob.transactionId) == .subscribed)
    }

    @Test(arguments: StoreKind.allCases)
    func aBatchWithAnUnknownSubscriptionChangesNothing(store: StoreKind) async throws {
        let h = try await H.make(store, accounts: ["alice"])
        let alice = try await h.buy(H.monthly)
        await #expect(throws: AppStoreEngineError.subscriptionNotFound(originalTransactionId: "9")) {
            try await h.engine.setBillingIssue(originalTransactionIds: [alice.transactionId, "9"])
        }
        await #expect(throws: AppStoreEngineError.transactionNotFound(transactionId: "9")) {
            try await h.engine.refund(batch: [alice.transactionId, "9"])
        }
        try await h.advance(days: 31)
        #expect(try await h.names() == ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW"])
        #expect(try await h.state(alice.transactionId) == .subscribed)
    }
}
