import Foundation
import StoreModel
import Testing

@testable import AppStoreEngine

/// What the engine signs, checked by Apple's own Python `SignedDataVerifier` in strict mode: every notification of
/// a busy lifecycle, their nested transactions and renewal infos, device-bound views and app transactions.
@Suite(.enabled(if: EngineOracle.isAvailable, "needs Apple's Python library (make venv)"))
struct AppleLibraryInteropTests {
    typealias H = EngineHarness

    @Test(arguments: [AppStoreEnvironment.sandbox, .production])
    func applesVerifierAcceptsEverythingTheEngineSigns(environment: AppStoreEnvironment) async throws {
        let h = try await H.make(.inMemory, accounts: ["alice", "bob"], environment: environment) {
            $0.billingGracePeriodEnabled = true
        }
        try await LifecycleScenario.joinFamily(h)
        let subscription = try await h.buy(H.monthly, token: UUID())
        try await h.buy(H.coins, quantity: 2)
        try await h.buy(H.lifetime)
        try await h.engine.setBillingIssue(originalTransactionId: subscription.transactionId)
        try await h.advance(days: 31)
        try await h.engine.resolveBillingIssue(originalTransactionId: subscription.transactionId)
        try await h.engine.requestPriceIncrease(originalTransactionId: subscription.transactionId, newPriceMilliunits: 5990)
        _ = try await h.engine.extendRenewalDate(originalTransactionId: subscription.transactionId, days: 3)
        try await h.engine.extendRenewalDatesForAllSubscribers(bundleId: H.bundleId, productId: H.monthly, days: 1)
        let latest = try #require(
            try await h.engine.subscriptionTransactions(originalTransactionId: subscription.transactionId).last)
        try await h.engine.requestRefund(transactionId: latest.transactionId)
        try await h.engine.refund(transactionId: latest.transactionId)
        try await h.engine.requestTestNotification(bundleId: H.bundleId)

        let notifications = try await h.notifications()
        var items: [(kind: String, jws: String)] = notifications.map { ("notification", $0.outbox.signedPayload) }
        for notification in notifications {
            if let jws = notification.payload.data?.signedTransactionInfo { items.append(("transaction", jws)) }
            if let jws = notification.payload.data?.signedRenewalInfo { items.append(("renewal", jws)) }
        }
        for view in try await h.engine.allTransactions(bundleId: H.bundleId, accountId: "alice") {
            items.append(("transaction", view.jws))
        }
        for status in try await h.engine.subscriptionStatuses(bundleId: H.bundleId, accountId: "bob") {
            items.append(("transaction", status.transaction.jws))
            items.append(("renewal", status.renewalInfo.jws))
        }
        items.append(("app-transaction", try await h.engine.appTransaction(bundleId: H.bundleId, accountId: "alice").jws))

        let results = try EngineOracle.verify(
            items, root: h.engine.rootCertificateDER, bundleId: H.bundleId, environment: environment.rawValue,
            appAppleId: 1_234_567_890)
        #expect(results.count == items.count)
        for (index, result) in results.enumerated() {
            #expect(result["status"] as? String == "OK", "\(items[index].kind) \(index): \(result["error"] ?? "")")
        }
        let decodedNames = results.prefix(notifications.count).map { result -> String in
            let decoded = result["decoded"] as? [String: Any]
            let type = decoded?["notificationType"] as? String ?? "?"
            return (decoded?["subtype"] as? String).map { "\(type)/\($0)" } ?? type
        }
        #expect(decodedNames == notifications.map(\.name))
        #expect(Set(decodedNames).isSuperset(of: [
            "SUBSCRIBED/INITIAL_BUY", "ONE_TIME_CHARGE", "DID_FAIL_TO_RENEW/GRACE_PERIOD", "DID_RENEW/BILLING_RECOVERY",
            "PRICE_INCREASE/PENDING", "RENEWAL_EXTENDED", "RENEWAL_EXTENSION/SUMMARY", "CONSUMPTION_REQUEST", "REFUND",
            "REVOKE", "TEST",
        ]))
    }
}
