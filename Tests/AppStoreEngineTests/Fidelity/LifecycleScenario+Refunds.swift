import StoreModel
import Testing

@testable import AppStoreEngine

/// Rows 12, 12b, 13, 13b, 13c: refunds and Family Sharing.
extension LifecycleScenario {
    static let refundsAndFamily: [LifecycleScenario] = [
        LifecycleScenario(
            row: "12", title: "Refund requested in the app",
            notifications: [
                "SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "CONSUMPTION_REQUEST", "REFUND",
            ],
            statuses: [1, 1, 1, 5]
        ) { h in
            let first = try await h.buy(H.monthly)
            try await h.engine.requestRefund(transactionId: first.transactionId, reason: .unsatisfiedWithPurchase)
            try await h.engine.refund(transactionId: first.transactionId, amount: .prorated(percentage: 75_000))
            let sent = try await h.notifications()
            #expect(sent[2].payload.data?.consumptionRequestReason == .unsatisfiedWithPurchase)
            let refunded = try #require(sent[3].transaction)
            #expect(refunded.transactionId == first.transactionId && refunded.revocationDate == h.clock.now)
            #expect(refunded.revocationType == .refundProrated && refunded.revocationPercentage == 75_000)
            #expect(refunded.revocationReason == .refundedForOtherReason)
            #expect(try await h.engine.currentEntitlements(bundleId: H.bundleId, accountId: "alice").isEmpty)
            #expect(try await h.state(first.transactionId) == .revoked)
        },
        LifecycleScenario(
            row: "12b", title: "Refund through Apple Support",
            notifications: ["SUBSCRIBED/INITIAL_BUY", "CONSUMPTION_REQUEST", "REFUND"], statuses: [1, 1, 5]
        ) { h in
            let first = try await h.buy(H.monthly)
            try await h.engine.sendConsumptionRequest(transactionId: first.transactionId, reason: .fulfillmentIssue)
            try await h.engine.refund(transactionId: first.transactionId, reason: .refundedDueToIssue)
            #expect(try await h.notifications().last?.transaction?.revocationReason == .refundedDueToIssue)
        },
        LifecycleScenario(
            row: "13", title: "Family Sharing: the purchaser subscribes", accounts: ["alice", "bob"],
            notifications: ["SUBSCRIBED/INITIAL_BUY", "SUBSCRIBED/INITIAL_BUY"], statuses: [1, 1]
        ) { h in
            try await joinFamily(h)
            let purchase = try await h.buy(H.monthly).payload
            let member = try #require(try await h.notifications()[1].transaction)
            #expect(member.inAppOwnershipType == .familyShared && purchase.inAppOwnershipType == .purchased)
            #expect(member.originalTransactionId == member.transactionId)
            #expect(member.originalTransactionId != purchase.originalTransactionId)
            #expect(member.webOrderLineItemId == purchase.webOrderLineItemId)
            #expect(member.expiresDate == purchase.expiresDate && member.appAccountToken == nil)
            let entitled = try await h.engine.currentEntitlements(bundleId: H.bundleId, accountId: "bob")
            #expect(entitled.map(\.payload.inAppOwnershipType) == [.familyShared])
            let statuses = try await h.engine.subscriptionStatuses(bundleId: H.bundleId, accountId: "bob", groupId: H.groupId)
            #expect(statuses.map(\.state) == [.subscribed])
        },
        LifecycleScenario(
            row: "13b", title: "Family member loses access", accounts: ["alice", "bob"],
            notifications: ["SUBSCRIBED/INITIAL_BUY", "SUBSCRIBED/INITIAL_BUY", "REVOKE"], statuses: [1, 1, 5]
        ) { h in
            try await joinFamily(h)
            try await h.buy(H.monthly)
            try await h.engine.setFamilyGroup(nil, for: "bob")
            let revoked = try #require(try await h.notifications().last?.transaction)
            #expect(revoked.inAppOwnershipType == .familyShared && revoked.revocationType == .familyRevoke)
            #expect(revoked.revocationReason == .refundedForOtherReason && revoked.revocationDate == h.clock.now)
            #expect(try await h.engine.currentEntitlements(bundleId: H.bundleId, accountId: "bob").isEmpty)
            #expect(try await h.engine.currentEntitlements(bundleId: H.bundleId, accountId: "alice").count == 1)
        },
        LifecycleScenario(
            row: "13c", title: "Shared subscription billing failure and recovery", accounts: ["alice", "bob"],
            notifications: [
                "SUBSCRIBED/INITIAL_BUY", "SUBSCRIBED/INITIAL_BUY", "DID_FAIL_TO_RENEW", "DID_FAIL_TO_RENEW",
                "DID_RENEW/BILLING_RECOVERY", "DID_RENEW/BILLING_RECOVERY",
            ],
            statuses: [1, 1, 3, 3, 1, 1]
        ) { h in
            try await joinFamily(h)
            let first = try await failFirstRenewal(h)
            try await h.engine.resolveBillingIssue(originalTransactionId: first.transactionId)
            let sent = try await h.notifications()
            #expect(sent.map(\.transaction?.inAppOwnershipType) == [
                .purchased, .familyShared, .purchased, .familyShared, .purchased, .familyShared,
            ])
            #expect(sent[5].transaction?.webOrderLineItemId == sent[4].transaction?.webOrderLineItemId)
            #expect(sent[5].renewalInfo?.originalTransactionId == sent[1].transaction?.originalTransactionId)
        },
    ]

    /// Puts alice and bob in one family.
    static func joinFamily(_ h: EngineHarness) async throws {
        try await h.engine.setFamilyGroup("family", for: "alice")
        try await h.engine.setFamilyGroup("family", for: "bob")
    }
}
