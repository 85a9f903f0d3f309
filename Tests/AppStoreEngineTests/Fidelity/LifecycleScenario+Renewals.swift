import StoreModel
import Testing

@testable import AppStoreEngine

/// Rows 1, 2, 3, 3b, 19, 20: purchases, renewals, voluntary expiry, resubscription, one-time purchases.
extension LifecycleScenario {
    typealias H = EngineHarness

    static let purchasesAndRenewals: [LifecycleScenario] = [
        LifecycleScenario(
            row: "1", title: "Initial buy with a free trial",
            notifications: ["SUBSCRIBED/INITIAL_BUY"], statuses: [1]
        ) { h in
            let transaction = try await h.buy(H.yearly).payload
            #expect(transaction.offerType == .introductoryOffer && transaction.offerDiscountType == .freeTrial)
            #expect(transaction.price == 0 && transaction.offerPeriod == "P2W")
            #expect(transaction.transactionReason == .purchase)
            #expect(transaction.originalTransactionId == transaction.transactionId)
            let sent = try await h.notifications()[0]
            #expect(sent.transaction?.transactionId == transaction.transactionId)
            #expect(sent.renewalInfo?.autoRenewStatus == .on && sent.renewalInfo?.renewalPrice == 39_990)
        },
        LifecycleScenario(
            row: "2", title: "Normal renewal",
            notifications: ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW"], statuses: [1, 1]
        ) { h in
            let first = try await h.buy(H.monthly).payload
            try await h.advance(days: 31)
            let renewal = try #require(try await h.notifications().last?.transaction)
            #expect(renewal.transactionReason == .renewal)
            #expect(renewal.originalTransactionId == first.transactionId)
            #expect(renewal.transactionId != first.transactionId)
            #expect(renewal.webOrderLineItemId != first.webOrderLineItemId)
            #expect(renewal.purchaseDate == first.expiresDate)
            let updates = try await h.engine.transactionUpdates(bundleId: H.bundleId, accountId: "alice")
            #expect(updates.updates.map(\.transaction.transactionId) == [renewal.transactionId])
        },
        LifecycleScenario(
            row: "3", title: "Voluntary cancel, then expiry",
            notifications: ["SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "EXPIRED/VOLUNTARY"],
            statuses: [1, 1, 2]
        ) { h in
            let first = try await h.buy(H.monthly)
            try await h.engine.setAutoRenew(false, originalTransactionId: first.transactionId)
            try await h.advance(days: 30)
            #expect(try await h.engine.currentEntitlements(bundleId: H.bundleId, accountId: "alice").count == 1)
            try await h.advance(days: 1)
            let expired = try #require(try await h.notifications().last?.renewalInfo)
            #expect(expired.expirationIntent == .customerCancelled && expired.autoRenewStatus == .off)
            #expect(try await h.engine.currentEntitlements(bundleId: H.bundleId, accountId: "alice").isEmpty)
            #expect(try await h.state(first.transactionId) == .expired)
        },
        LifecycleScenario(
            row: "3b", title: "Cancel, then re-enable before expiry",
            notifications: [
                "SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
                "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED", "DID_RENEW",
            ],
            statuses: [1, 1, 1, 1]
        ) { h in
            let first = try await h.buy(H.monthly)
            try await h.engine.setAutoRenew(false, originalTransactionId: first.transactionId)
            try await h.engine.setAutoRenew(true, originalTransactionId: first.transactionId)
            try await h.advance(days: 31)
            #expect(try await h.notifications()[2].renewalInfo?.autoRenewStatus == .on)
        },
        LifecycleScenario(
            row: "19", title: "Resubscribe to another product of the group after expiry",
            notifications: [
                "SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "EXPIRED/VOLUNTARY",
                "SUBSCRIBED/RESUBSCRIBE",
            ],
            statuses: [1, 1, 2, 1]
        ) { h in
            let first = try await h.buy(H.monthly)
            try await h.engine.setAutoRenew(false, originalTransactionId: first.transactionId)
            try await h.advance(days: 40)
            let again = try await h.buy(H.yearly).payload
            #expect(again.originalTransactionId == first.transactionId)
            #expect(again.transactionReason == .purchase && again.purchaseDate == h.clock.now)
            #expect(again.offerType == nil && again.price == 39_990)
        },
        LifecycleScenario(
            row: "20", title: "Non-subscription purchases, then a refund",
            notifications: ["ONE_TIME_CHARGE", "ONE_TIME_CHARGE", "ONE_TIME_CHARGE", "REFUND"],
            statuses: [nil, nil, nil, nil]
        ) { h in
            try await h.buy(H.coins, quantity: 2)
            let lifetime = try await h.buy(H.lifetime)
            try await h.buy(H.seasonPass)
            try await h.engine.refund(transactionId: lifetime.transactionId, reason: .refundedDueToIssue)
            let sent = try await h.notifications()
            #expect(sent.map(\.transaction?.type) == [.consumable, .nonConsumable, .nonRenewable, .nonConsumable])
            #expect(sent.allSatisfy { $0.renewalInfo == nil })
            let refunded = try #require(sent.last?.transaction)
            #expect(refunded.revocationReason == .refundedDueToIssue && refunded.revocationType == .refundFull)
            #expect(refunded.revocationDate == h.clock.now)
            let entitled = try await h.engine.currentEntitlements(bundleId: H.bundleId, accountId: "alice")
            #expect(entitled.map(\.payload.productId) == [H.seasonPass])
        },
    ]
}
