import StoreModel
import Testing

@testable import AppStoreEngine

/// Rows 10, 11, 11b: upgrades, downgrades and reverting a downgrade.
extension LifecycleScenario {
    static let planChanges: [LifecycleScenario] = [
        LifecycleScenario(
            row: "10", title: "Upgrade to a higher level",
            notifications: ["SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_PREF/UPGRADE"], statuses: [1, 1]
        ) { h in
            let weekly = try await h.buy(H.weekly)
            try await h.advance(days: 2)
            let monthly = try await h.buy(H.monthly).payload
            #expect(monthly.transactionReason == .purchase && monthly.purchaseDate == h.clock.now)
            #expect(monthly.originalTransactionId == weekly.transactionId)
            #expect(monthly.webOrderLineItemId != weekly.payload.webOrderLineItemId)
            #expect(monthly.offerType == nil && monthly.price == 4990)
            #expect(try await h.engine.transaction(weekly.transactionId).payload.isUpgraded == true)
            let sent = try #require(try await h.notifications().last)
            #expect(sent.transaction?.transactionId == monthly.transactionId)
            #expect(sent.renewalInfo?.productId == H.monthly && sent.renewalInfo?.autoRenewProductId == H.monthly)
            let entitled = try await h.engine.currentEntitlements(bundleId: H.bundleId, accountId: "alice")
            #expect(entitled.map(\.transactionId) == [monthly.transactionId])
            let updates = try await h.engine.transactionUpdates(bundleId: H.bundleId, accountId: "alice")
            #expect(updates.updates.map(\.transaction.transactionId) == [weekly.transactionId])
        },
        LifecycleScenario(
            row: "11", title: "Downgrade, effective at renewal",
            notifications: ["SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_PREF/DOWNGRADE", "DID_RENEW"],
            statuses: [1, 1, 1]
        ) { h in
            let monthly = try await h.buy(H.monthly)
            let answer = try await h.buy(H.weekly)
            #expect(answer.transactionId == monthly.transactionId)
            let pref = try #require(try await h.notifications()[1].renewalInfo)
            #expect(pref.productId == H.monthly && pref.autoRenewProductId == H.weekly)
            try await h.advance(days: 31)
            let renewal = try #require(try await h.notifications().last?.transaction)
            #expect(renewal.productId == H.weekly && renewal.transactionReason == .renewal)
            #expect(renewal.purchaseDate == monthly.payload.expiresDate)
            #expect(renewal.price == 990)
        },
        LifecycleScenario(
            row: "11b", title: "Downgrade, then revert",
            notifications: [
                "SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_PREF/DOWNGRADE", "DID_CHANGE_RENEWAL_PREF", "DID_RENEW",
            ],
            statuses: [1, 1, 1, 1]
        ) { h in
            let monthly = try await h.buy(H.monthly)
            try await h.engine.changeRenewalProduct(originalTransactionId: monthly.transactionId, to: H.weekly)
            try await h.engine.changeRenewalProduct(originalTransactionId: monthly.transactionId, to: H.monthly)
            #expect(try await h.notifications().last?.renewalInfo?.autoRenewProductId == H.monthly)
            try await h.advance(days: 31)
            let renewals = try await h.engine.subscriptionTransactions(originalTransactionId: monthly.transactionId)
            #expect(renewals.last?.payload.productId == H.monthly)
        },
    ]
}
