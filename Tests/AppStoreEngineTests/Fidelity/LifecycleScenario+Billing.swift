import StoreModel
import Testing

@testable import AppStoreEngine

/// Rows 4–9: billing failures with and without grace, recovery, expiry, cancelling meanwhile.
extension LifecycleScenario {
    /// Buys the monthly subscription, makes its first renewal fail and moves to that moment.
    static func failFirstRenewal(_ h: EngineHarness) async throws -> SignedTransaction {
        let first = try await h.buy(H.monthly)
        try await h.engine.setBillingIssue(originalTransactionId: first.transactionId)
        try await h.advance(days: 31)
        return first
    }

    static let billingIssues: [LifecycleScenario] = [
        LifecycleScenario(
            row: "4", title: "Billing failure, grace, recovery within grace",
            settings: { $0.billingGracePeriodEnabled = true },
            notifications: ["SUBSCRIBED/INITIAL_BUY", "DID_FAIL_TO_RENEW/GRACE_PERIOD", "DID_RENEW/BILLING_RECOVERY"],
            statuses: [1, 4, 1]
        ) { h in
            let first = try await failFirstRenewal(h)
            let expiry = try #require(first.payload.expiresDate)
            let grace = try #require(try await h.notifications()[1].renewalInfo)
            #expect(grace.gracePeriodExpiresDate == expiry.adding(.seconds(16 * 86_400)))
            #expect(grace.isInBillingRetryPeriod == true && grace.expirationIntent == .billingError)
            let entitled = try await h.engine.currentEntitlements(bundleId: H.bundleId, accountId: "alice")
            #expect(entitled.map(\.transactionId) == [first.transactionId])
            try await h.advance(days: 3)
            try await h.engine.resolveBillingIssue(originalTransactionId: first.transactionId)
            let recovery = try #require(try await h.notifications().last?.transaction)
            #expect(recovery.purchaseDate == expiry && recovery.transactionReason == .renewal)
            #expect(recovery.originalTransactionId == first.transactionId)
        },
        LifecycleScenario(
            row: "5", title: "Billing failure, grace ends, later recovery",
            settings: { $0.billingGracePeriodEnabled = true },
            notifications: [
                "SUBSCRIBED/INITIAL_BUY", "DID_FAIL_TO_RENEW/GRACE_PERIOD", "GRACE_PERIOD_EXPIRED",
                "DID_RENEW/BILLING_RECOVERY",
            ],
            statuses: [1, 4, 3, 1]
        ) { h in
            let first = try await failFirstRenewal(h)
            try await h.advance(days: 20)
            #expect(try await h.engine.currentEntitlements(bundleId: H.bundleId, accountId: "alice").isEmpty)
            #expect(try await h.state(first.transactionId) == .inBillingRetryPeriod)
            try await h.engine.resolveBillingIssue(originalTransactionId: first.transactionId)
            let recovery = try #require(try await h.notifications().last?.transaction)
            #expect(recovery.purchaseDate == h.clock.now)
            #expect(try await h.notifications()[2].renewalInfo?.gracePeriodExpiresDate == nil)
        },
        LifecycleScenario(
            row: "6", title: "Billing failure, grace ends, retry runs out",
            settings: { $0.billingGracePeriodEnabled = true },
            notifications: [
                "SUBSCRIBED/INITIAL_BUY", "DID_FAIL_TO_RENEW/GRACE_PERIOD", "GRACE_PERIOD_EXPIRED", "EXPIRED/BILLING_RETRY",
            ],
            statuses: [1, 4, 3, 2]
        ) { h in
            let first = try await failFirstRenewal(h)
            try await h.advance(days: 61)
            let expired = try #require(try await h.notifications().last)
            #expect(expired.renewalInfo?.expirationIntent == .billingError)
            #expect(expired.payload.signedDate == first.payload.expiresDate!.adding(.seconds(60 * 86_400)))
        },
        LifecycleScenario(
            row: "7", title: "Billing failure without grace, recovery",
            notifications: ["SUBSCRIBED/INITIAL_BUY", "DID_FAIL_TO_RENEW", "DID_RENEW/BILLING_RECOVERY"],
            statuses: [1, 3, 1]
        ) { h in
            let first = try await failFirstRenewal(h)
            let failed = try #require(try await h.notifications()[1].renewalInfo)
            #expect(failed.isInBillingRetryPeriod == true && failed.gracePeriodExpiresDate == nil)
            #expect(failed.expirationIntent == .billingError)
            try await h.advance(days: 5)
            try await h.engine.resolveBillingIssue(originalTransactionId: first.transactionId)
            #expect(try await h.notifications().last?.transaction?.purchaseDate == h.clock.now)
        },
        LifecycleScenario(
            row: "8", title: "Billing failure without grace, expiry",
            notifications: ["SUBSCRIBED/INITIAL_BUY", "DID_FAIL_TO_RENEW", "EXPIRED/BILLING_RETRY"],
            statuses: [1, 3, 2]
        ) { h in
            let first = try await failFirstRenewal(h)
            try await h.advance(days: 61)
            #expect(try await h.state(first.transactionId) == .expired)
            #expect(try await h.notifications().last?.transaction?.transactionId == first.transactionId)
        },
        LifecycleScenario(
            row: "9", title: "Cancel during grace",
            settings: { $0.billingGracePeriodEnabled = true },
            notifications: [
                "SUBSCRIBED/INITIAL_BUY", "DID_FAIL_TO_RENEW/GRACE_PERIOD",
                "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "EXPIRED/BILLING_RETRY",
            ],
            statuses: [1, 4, 4, 2]
        ) { h in
            let first = try await failFirstRenewal(h)
            try await h.engine.setAutoRenew(false, originalTransactionId: first.transactionId)
            try await h.advance(days: 30)
            #expect(try await h.state(first.transactionId) == .expired)
        },
    ]
}
