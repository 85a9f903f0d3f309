import Foundation
import StoreModel
import Testing

@testable import AppStoreEngine

/// Closing the engine and opening it again on the same state directory loses nothing.
@Suite struct RestartTests {
    typealias H = EngineHarness

    @Test func everythingSurvivesARestart() async throws {
        let h = try await H.make(.sqliteFile, accounts: ["alice", "bob"]) { $0.askToBuyEnabled = true }
        try await LifecycleScenario.joinFamily(h)
        let approved = try await h.engine.approveAskToBuy(
            try #require(try await h.engine.purchase(PurchaseRequest(bundleId: H.bundleId, accountId: "alice", productId: H.monthly)).pendingPurchase).id)
        let waiting = try #require(try await h.engine.purchase(
            PurchaseRequest(bundleId: H.bundleId, accountId: "bob", productId: H.coins)).pendingPurchase)
        try await h.engine.setProductAvailability(H.weekly, forSale: false, bundleId: H.bundleId)
        try await h.engine.setAppAccountToken(UUID(), originalTransactionId: approved.transactionId)
        try await h.engine.extendRenewalDatesForAllSubscribers(
            bundleId: H.bundleId, productId: H.yearly, days: 3, requestIdentifier: "later")
        let outbox = try await h.engine.pendingNotifications()
        try await h.engine.recordDeliveryAttempt(notificationUUID: outbox[0].notificationUUID, result: .noResponse)
        let before = (
            notifications: try await h.notifications().map(\.outbox),
            due: try await h.engine.nextDueDate(),
            alice: try await h.engine.allTransactions(bundleId: H.bundleId, accountId: "alice").map(\.payload),
            bob: try await h.engine.allTransactions(bundleId: H.bundleId, accountId: "bob").map(\.payload),
            updates: try await h.engine.transactionUpdates(bundleId: H.bundleId, accountId: "bob").updates.map(\.sequence),
            app: try await h.engine.app(H.bundleId),
            accounts: try await h.engine.accounts())

        let reopened = try await h.reopened()
        let engine = reopened.engine
        #expect(try await reopened.notifications().map(\.outbox) == before.notifications)
        #expect(try await engine.nextDueDate() == before.due)
        #expect(try await engine.allTransactions(bundleId: H.bundleId, accountId: "alice").map(\.payload).map(unsigned)
            == before.alice.map(unsigned))
        #expect(try await engine.allTransactions(bundleId: H.bundleId, accountId: "bob").map(\.payload).map(unsigned)
            == before.bob.map(unsigned))
        #expect(try await engine.transactionUpdates(bundleId: H.bundleId, accountId: "bob").updates.map(\.sequence)
            == before.updates)
        #expect(try await engine.app(H.bundleId) == before.app)
        #expect(try await engine.accounts() == before.accounts)
        #expect(try await engine.pendingPurchases(bundleId: H.bundleId).map(\.id) == [waiting.id])
        #expect(try await engine.massExtensionStatus(requestIdentifier: "later").complete)

        try await engine.approveAskToBuy(waiting.id)
        try await reopened.advance(days: 31)
        let next = try #require(try await engine.purchase(PurchaseRequest(
            bundleId: H.bundleId, accountId: "alice", productId: H.theme, simulatesAskToBuy: false)).transaction)
        let maximum = try await reopened.notifications().compactMap(\.transaction?.transactionId).max()
        #expect(next.transactionId == maximum)
        #expect(try await reopened.names().suffix(3) == ["DID_RENEW", "DID_RENEW", "ONE_TIME_CHARGE"])
    }

    private func unsigned(_ payload: JWSTransactionDecodedPayload) -> JWSTransactionDecodedPayload {
        var copy = payload
        copy.signedDate = nil
        copy.deviceVerification = nil
        copy.deviceVerificationNonce = nil
        return copy
    }
}
