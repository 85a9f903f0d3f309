import Foundation
import StoreModel
import Testing

@testable import AppStoreEngine

/// The outbox: pending notifications, delivery attempts and history queries.
@Suite struct OutboxTests {
    typealias H = EngineHarness

    @Test(arguments: StoreKind.allCases)
    func deliveryAttemptsMoveNotificationsOutOfPending(store: StoreKind) async throws {
        let h = try await H.make(store)
        try await h.buy(H.coins)
        try await h.buy(H.theme)
        try await h.buy(H.lifetime)
        let pending = try await h.engine.pendingNotifications()
        #expect(pending.map(\.sequence) == [1, 2, 3] && pending.allSatisfy { $0.deliveryState == .pending })
        try await h.engine.recordDeliveryAttempt(notificationUUID: pending[0].notificationUUID, result: .success)
        try await h.engine.recordDeliveryAttempt(notificationUUID: pending[1].notificationUUID, result: .timedOut)
        let failed = try await h.engine.recordDeliveryAttempt(
            notificationUUID: pending[2].notificationUUID, result: .tlsIssue, retrying: false)
        #expect(failed.deliveryState == .failed && failed.attempts.map(\.result) == [.tlsIssue])
        #expect(try await h.engine.pendingNotifications().map(\.sequence) == [2])
        let retried = try await h.engine.recordDeliveryAttempt(notificationUUID: pending[1].notificationUUID, result: .success)
        #expect(retried.deliveryState == .delivered && retried.attempts.map(\.result) == [.timedOut, .success])
        let failures = try await h.engine.notificationHistory(NotificationHistoryQuery(onlyFailures: true))
        #expect(failures.map(\.sequence) == [2, 3])
        #expect(await engineError { _ = try await h.engine.notification(uuid: "missing") } == .notificationNotFound(id: "missing"))
    }

    @Test(arguments: StoreKind.allCases)
    func historyFiltersByDateTypeSubtypeAndChain(store: StoreKind) async throws {
        let h = try await H.make(store)
        let subscription = try await h.buy(H.monthly)
        try await h.advance(days: 1)
        try await h.buy(H.coins)
        try await h.advance(days: 31)
        let all = try await h.engine.notificationHistory(NotificationHistoryQuery(limit: 100))
        #expect(all.map(\.name) == ["SUBSCRIBED/INITIAL_BUY", "ONE_TIME_CHARGE", "DID_RENEW"])
        let renewals = try await h.engine.notificationHistory(NotificationHistoryQuery(notificationType: .didRenew))
        #expect(renewals.count == 1)
        let initial = try await h.engine.notificationHistory(
            NotificationHistoryQuery(notificationType: .subscribed, notificationSubtype: .initialBuy))
        #expect(initial.count == 1)
        let window = try await h.engine.notificationHistory(NotificationHistoryQuery(
            startDate: .referenceDate.adding(.seconds(3600)), endDate: .referenceDate.adding(.seconds(2 * 86_400))))
        #expect(window.map(\.name) == ["ONE_TIME_CHARGE"])
        let renewalId = try #require(renewals.first?.transactionId)
        let chain = try await h.engine.notificationHistory(NotificationHistoryQuery(transactionId: renewalId))
        #expect(chain.map(\.originalTransactionId) == [subscription.transactionId, subscription.transactionId])
        let page = try await h.engine.notificationHistory(NotificationHistoryQuery(afterSequence: 1, limit: 1))
        #expect(page.map(\.sequence) == [2])
        let otherApp = try await h.engine.notificationHistory(NotificationHistoryQuery(bundleId: "com.other"))
        #expect(otherApp.isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func attemptsKeepTheirURLAndTheStateIsResolvedFromAllOfThem(store: StoreKind) async throws {
        let h = try await H.make(store)
        try await h.buy(H.coins)
        let uuid = try #require(try await h.engine.pendingNotifications().first?.notificationUUID)
        let urls = ["http://a.example/notify", "http://b.example/notify"]
        @Sendable func bothSucceeded(_ attempts: [DeliveryAttempt]) -> DeliveryState {
            urls.allSatisfy { url in attempts.contains { $0.url == url && $0.result == .success } } ? .delivered : .pending
        }
        let first = try await h.engine.recordDeliveryAttempt(
            notificationUUID: uuid, attempt: DeliveryAttempt(date: h.clock.now, result: .success, url: urls[0]),
            resolvingState: bothSucceeded)
        #expect(first.deliveryState == .pending)
        h.clock.advance(by: .seconds(5))
        let second = try await h.engine.recordDeliveryAttempt(
            notificationUUID: uuid, attempt: DeliveryAttempt(date: h.clock.now, result: .success, url: urls[1]),
            resolvingState: bothSucceeded)
        #expect(second.deliveryState == .delivered && second.attempts.map(\.url) == urls)
        #expect(second.attempts.map(\.date) == [.referenceDate, .referenceDate.adding(.seconds(5))])
        let stored = try await h.engine.notification(uuid: uuid)
        #expect(stored.attempts == second.attempts && stored.deliveryState == .delivered)
        #expect(try await h.engine.pendingNotifications().isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func pendingNotificationsPageByOutboxSequence(store: StoreKind) async throws {
        let h = try await H.make(store)
        for _ in 0..<5 { try await h.engine.requestTestNotification(bundleId: H.bundleId) }
        let firstPage = try await h.engine.pendingNotifications(limit: 2)
        #expect(firstPage.map(\.sequence) == [1, 2])
        let secondPage = try await h.engine.pendingNotifications(afterSequence: firstPage.last?.sequence, limit: 2)
        #expect(secondPage.map(\.sequence) == [3, 4])
        #expect(try await h.engine.pendingNotifications(bundleId: H.bundleId, afterSequence: 4).map(\.sequence) == [5])
    }

    @Test(arguments: StoreKind.allCases)
    func aTestNotificationCarriesNoTransaction(store: StoreKind) async throws {
        let h = try await H.make(store)
        let token = try await h.engine.requestTestNotification(bundleId: H.bundleId)
        let test = try await h.engine.testNotification(token: token)
        #expect(test.notificationType == .test && test.subtype == nil)
        let decoded = try #require(try await h.notifications().first)
        #expect(decoded.payload.data?.bundleId == H.bundleId && decoded.payload.data?.environment == .sandbox)
        #expect(decoded.payload.data?.signedTransactionInfo == nil && decoded.payload.data?.bundleVersion == nil)
        #expect(decoded.payload.data?.status == nil)
        #expect(decoded.payload.notificationUUID == decoded.payload.notificationUUID?.lowercased())
        #expect(decoded.payload.notificationUUID?.count == 36)
    }

    @Test(arguments: StoreKind.allCases)
    func notificationsKeepTheTransactionTheyWereSignedWithWhenItChangesOrGoes(store: StoreKind) async throws {
        let h = try await H.make(store)
        let subscription = try await h.buy(H.monthly)
        let coins = try await h.buy(H.coins)
        try await h.advance(days: 31)
        let signed = try await h.engine.notificationHistory(NotificationHistoryQuery(limit: 100)).map(\.signedPayload)
        #expect(signed.count == 3)
        // Stored as references to the transaction rows.
        let references = try await h.engine.read { tables throws(AppStoreEngineError) in
            try tables.query("SELECT payload FROM outbox ORDER BY sequence").map { row throws(AppStoreEngineError) in
                StoredJWS(storedPayload: try row.bytes("payload"), signature: "").referencesTransaction
            }
        }
        #expect(references == [true, true, true])
        try await h.engine.refund(transactionId: coins.transactionId)
        try await h.engine.setAppAccountToken(UUID(), originalTransactionId: subscription.transactionId)
        var history = try await h.engine.notificationHistory(NotificationHistoryQuery(limit: 100))
        #expect(Array(history.prefix(3).map(\.signedPayload)) == signed)
        let changed = history.map(\.signedPayload)
        try await h.engine.deleteTransaction(coins.transactionId)
        try await h.engine.clearTransactions(bundleId: H.bundleId)
        history = try await h.engine.notificationHistory(NotificationHistoryQuery(limit: 100))
        #expect(history.map(\.signedPayload) == changed)
        #expect(try await h.notifications().map(\.name) == ["SUBSCRIBED/INITIAL_BUY", "ONE_TIME_CHARGE", "DID_RENEW", "REFUND"])
    }
}
