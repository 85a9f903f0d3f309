import StoreModel
import Testing

@testable import AppStoreEngine

/// Family Sharing beyond the fidelity table: one-time purchases, joining later, the purchaser's refund.
@Suite struct FamilySharingTests {
    typealias H = EngineHarness

    @Test(arguments: StoreKind.allCases)
    func shareableNonConsumablesAreCopiedAndRevokedWithThePurchasersReason(store: StoreKind) async throws {
        let h = try await H.make(store, accounts: ["alice", "bob"])
        try await LifecycleScenario.joinFamily(h)
        let lifetime = try await h.buy(H.lifetime)
        try await h.buy(H.theme)
        let sent = try await h.notifications()
        #expect(sent.map(\.name) == ["ONE_TIME_CHARGE", "ONE_TIME_CHARGE", "ONE_TIME_CHARGE"])
        let copy = try #require(sent[1].transaction)
        #expect(copy.inAppOwnershipType == .familyShared && copy.productId == H.lifetime)
        #expect(copy.originalTransactionId == copy.transactionId && copy.transactionId != lifetime.transactionId)
        #expect(try await h.engine.currentEntitlements(bundleId: H.bundleId, accountId: "bob").map(\.payload.productId) == [H.lifetime])
        try await h.engine.refund(transactionId: lifetime.transactionId, reason: .refundedDueToIssue)
        let revoked = try #require(try await h.notifications().last)
        #expect(revoked.name == "REVOKE" && revoked.status == nil)
        #expect(revoked.transaction?.revocationReason == .refundedDueToIssue && revoked.transaction?.revocationType == .familyRevoke)
        #expect(try await h.engine.currentEntitlements(bundleId: H.bundleId, accountId: "bob").isEmpty)
        #expect(await engineError { try await h.engine.refund(transactionId: copy.transactionId!) }
            == .familyTransactionNotSupported(transactionId: copy.transactionId!))
    }

    @Test(arguments: StoreKind.allCases)
    func joiningLaterSharesWhatTheFamilyAlreadyHas(store: StoreKind) async throws {
        let h = try await H.make(store, accounts: ["alice", "bob"])
        try await h.engine.setFamilyGroup("family", for: "alice")
        let subscription = try await h.buy(H.monthly)
        try await h.buy(H.lifetime)
        try await h.engine.setFamilyGroup("family", for: "bob")
        #expect(try await h.names() == ["SUBSCRIBED/INITIAL_BUY", "ONE_TIME_CHARGE", "SUBSCRIBED/INITIAL_BUY", "ONE_TIME_CHARGE"])
        let grant = try #require(try await h.notifications()[2].transaction)
        #expect(grant.purchaseDate == h.clock.now && grant.expiresDate == subscription.payload.expiresDate)
        let updates = try await h.engine.transactionUpdates(bundleId: H.bundleId, accountId: "bob")
        #expect(updates.updates.count == 2)
        try await h.advance(days: 31)
        #expect(try await h.names().suffix(2) == ["DID_RENEW", "DID_RENEW"])
    }

    @Test(arguments: StoreKind.allCases)
    func refundingThePurchasersSubscriptionRevokesMembers(store: StoreKind) async throws {
        let h = try await H.make(store, accounts: ["alice", "bob", "carol"])
        try await LifecycleScenario.joinFamily(h)
        try await h.engine.setFamilyGroup("family", for: "carol")
        let subscription = try await h.buy(H.monthly)
        try await h.engine.refund(transactionId: subscription.transactionId, reason: .refundedDueToIssue)
        let sent = try await h.notifications()
        #expect(sent.map(\.name) == [
            "SUBSCRIBED/INITIAL_BUY", "SUBSCRIBED/INITIAL_BUY", "SUBSCRIBED/INITIAL_BUY", "REFUND", "REVOKE", "REVOKE",
        ])
        #expect(sent.suffix(2).allSatisfy { $0.transaction?.revocationReason == .refundedDueToIssue })
        try await h.engine.reverseRefund(transactionId: subscription.transactionId)
        #expect(try await h.names().suffix(3) == ["REFUND_REVERSED", "SUBSCRIBED/RESUBSCRIBE", "SUBSCRIBED/RESUBSCRIBE"])
    }

    @Test(arguments: StoreKind.allCases)
    func oneMemberCanLoseOneShare(store: StoreKind) async throws {
        let h = try await H.make(store, accounts: ["alice", "bob"])
        try await LifecycleScenario.joinFamily(h)
        let subscription = try await h.buy(H.monthly)
        let lifetime = try await h.buy(H.lifetime)
        try await h.engine.revokeFamilyAccess(memberAccountId: "bob", transactionId: subscription.transactionId)
        try await h.engine.revokeFamilyAccess(memberAccountId: "bob", transactionId: lifetime.transactionId)
        #expect(try await h.names().suffix(2) == ["REVOKE", "REVOKE"])
        #expect(try await h.engine.currentEntitlements(bundleId: H.bundleId, accountId: "bob").isEmpty)
        let member = try #require(try await h.notifications()[1].transaction?.originalTransactionId)
        #expect(await engineError { try await h.engine.setAutoRenew(false, originalTransactionId: member) }
            == .familyTransactionNotSupported(transactionId: member))
        #expect(await engineError { try await h.engine.setAppAccountToken(nil, originalTransactionId: member) }
            == .familyTransactionNotSupported(transactionId: member))
    }
}
