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

    /// What a batch reads ahead (chains with their accounts and app transactions, refunded transactions, the latest
    /// transaction of a chain bought again) must give the same notifications as single calls: with a subscription
    /// listed twice, a purchaser whose refund revokes a family member, an account that moved storefront and an
    /// account with two subscriptions.
    @Test(arguments: StoreKind.allCases)
    func batchesSendWhatSingleCallsSend(store: StoreKind) async throws {
        func run(batched: Bool) async throws -> [String] {
            let h = try await H.make(store, accounts: ["alice", "bob", "carol", "dave"])
            try await h.engine.setFamilyGroup("family", for: "alice")
            try await h.engine.setFamilyGroup("family", for: "bob")
            let alice = try await h.buy(H.monthly, account: "alice")
            let carol = try await h.buy(H.monthly, account: "carol")
            let carolWeekly = try await h.buy(H.weekly, account: "carol")
            let dave = try await h.buy(H.monthly, account: "dave")
            try await h.engine.updateAccount("carol", storefront: Storefront.table.first { $0.countryCode == "ESP" })
            let failing = [alice.transactionId, carol.transactionId, carol.transactionId, dave.transactionId]
            if batched {
                try await h.engine.setBillingIssue(originalTransactionIds: failing)
            } else {
                for id in failing { try await h.engine.setBillingIssue(originalTransactionId: id) }
            }
            try await h.advance(days: 31)
            let recovering = [alice.transactionId, carol.transactionId, carol.transactionId, dave.transactionId]
            if batched {
                try await h.engine.resolveBillingIssue(originalTransactionIds: recovering)
            } else {
                for id in recovering { try await h.engine.resolveBillingIssue(originalTransactionId: id) }
            }
            var latest: [String] = []
            for original in [alice.transactionId, carolWeekly.transactionId, dave.transactionId] {
                latest.append(try await h.engine.subscriptionStatus(originalTransactionId: original).transaction.transactionId)
            }
            if batched {
                try await h.engine.refund(batch: latest)
            } else {
                for id in latest { try await h.engine.refund(transactionId: id) }
            }
            let again = ["dave", "carol"].map { PurchaseRequest(bundleId: H.bundleId, accountId: $0, productId: H.weekly) }
            if batched {
                _ = try await h.engine.purchase(batch: again)
            } else {
                for request in again { _ = try await h.engine.purchase(request) }
            }
            try await h.advance(days: 8)
            return try await h.notifications().map { notification in
                let transaction = notification.transaction.map { transaction in
                    [transaction.transactionId, transaction.originalTransactionId, transaction.storefront,
                     transaction.currency, transaction.price.map(String.init), transaction.revocationReason.map { "\($0)" },
                     transaction.appTransactionId].map { $0 ?? "-" }.joined(separator: " ")
                }
                let renewal = notification.renewalInfo.map { renewal in
                    [renewal.autoRenewProductId, renewal.renewalDate.map { "\($0.milliseconds)" }, renewal.currency,
                     renewal.isInBillingRetryPeriod.map { "\($0)" }].map { $0 ?? "-" }.joined(separator: " ")
                }
                return [notification.name, transaction ?? "", renewal ?? ""].joined(separator: " | ")
            }
        }
        let singles = try await run(batched: false)
        #expect(singles.count > 20)
        #expect(singles.contains { $0.hasPrefix("REVOKE") })
        #expect(try await run(batched: true) == singles)
    }
}
