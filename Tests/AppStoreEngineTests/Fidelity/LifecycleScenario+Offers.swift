import Foundation
import StoreModel
import Testing

@testable import AppStoreEngine

/// Rows 14, 14b, 15, 15b (upgrade and downgrade), 15c, 15d: Ask to Buy and offers.
extension LifecycleScenario {
    static let askToBuyAndOffers: [LifecycleScenario] = [
        LifecycleScenario(
            row: "14", title: "Ask to Buy, approved", settings: { $0.askToBuyEnabled = true },
            notifications: ["SUBSCRIBED/INITIAL_BUY"], statuses: [1]
        ) { h in
            let result = try await h.engine.purchase(PurchaseRequest(bundleId: H.bundleId, accountId: "alice", productId: H.monthly))
            let pending = try #require(result.pendingPurchase)
            #expect(try await h.engine.pendingPurchases(bundleId: H.bundleId).map(\.id) == [pending.id])
            let approved = try await h.engine.approveAskToBuy(pending.id)
            let updates = try await h.engine.transactionUpdates(bundleId: H.bundleId, accountId: "alice")
            #expect(updates.updates.map(\.transaction.transactionId) == [approved.transactionId])
        },
        LifecycleScenario(
            row: "14b", title: "Ask to Buy, declined", settings: { $0.askToBuyEnabled = true },
            notifications: [], statuses: []
        ) { h in
            let result = try await h.engine.purchase(PurchaseRequest(bundleId: H.bundleId, accountId: "alice", productId: H.monthly))
            try await h.engine.declineAskToBuy(try #require(result.pendingPurchase).id)
            #expect(try await h.engine.allTransactions(bundleId: H.bundleId, accountId: "alice").isEmpty)
            #expect(try await h.engine.pendingPurchases(bundleId: H.bundleId).isEmpty)
        },
        LifecycleScenario(
            row: "15", title: "Promotional offer on the active subscription",
            notifications: ["SUBSCRIBED/INITIAL_BUY", "OFFER_REDEEMED", "DID_RENEW"], statuses: [1, 1, 1]
        ) { h in
            let first = try await h.buy(H.monthly)
            let answer = try await h.buy(H.monthly, offer: .promotionalForTesting(offerID: "pro.monthly.half"))
            #expect(answer.transactionId == first.transactionId)
            let info = try #require(try await h.notifications().last?.renewalInfo)
            #expect(info.offerType == .promotionalOffer && info.offerIdentifier == "pro.monthly.half")
            #expect(info.offerDiscountType == .payAsYouGo && info.renewalPrice == 2490)
            try await h.advance(days: 31)
            let renewal = try await h.engine.subscriptionTransactions(originalTransactionId: first.transactionId).last
            #expect(renewal?.payload.offerType == .promotionalOffer && renewal?.payload.price == 2490)
        },
        LifecycleScenario(
            row: "15b-upgrade", title: "Offer used to upgrade, effective now",
            notifications: ["SUBSCRIBED/INITIAL_BUY", "OFFER_REDEEMED/UPGRADE"], statuses: [1, 1]
        ) { h in
            let weekly = try await h.buy(H.weekly)
            let monthly = try await h.buy(H.monthly, offer: .promotionalForTesting(offerID: "pro.monthly.half")).payload
            #expect(monthly.transactionReason == .purchase && monthly.originalTransactionId == weekly.transactionId)
            #expect(monthly.offerType == .promotionalOffer && monthly.offerIdentifier == "pro.monthly.half")
            #expect(monthly.price == 2490 && monthly.offerPeriod == "P2M")
        },
        LifecycleScenario(
            row: "15b-downgrade", title: "Offer used to downgrade, effective at renewal",
            notifications: ["SUBSCRIBED/INITIAL_BUY", "OFFER_REDEEMED/DOWNGRADE", "DID_RENEW"], statuses: [1, 1, 1]
        ) { h in
            let monthly = try await h.buy(H.monthly)
            try await h.buy(H.yearly, offer: .promotionalForTesting(offerID: "pro.yearly.comeback"))
            try await h.advance(days: 31)
            let renewal = try #require(try await h.notifications().last?.transaction)
            #expect(renewal.productId == H.yearly && renewal.transactionReason == .renewal)
            #expect(renewal.offerType == .promotionalOffer && renewal.offerDiscountType == .payUpFront)
            #expect(renewal.price == 19_990 && renewal.originalTransactionId == monthly.transactionId)
        },
        LifecycleScenario(
            row: "15c", title: "Offer code as the first subscription",
            notifications: ["SUBSCRIBED/INITIAL_BUY"], statuses: [1]
        ) { h in
            let redeemed = try await h.engine.redeemOfferCode(
                bundleId: H.bundleId, accountId: "alice", productId: H.yearly, referenceName: "Friends").payload
            #expect(redeemed.offerType == .offerCode && redeemed.offerIdentifier == "Friends")
            #expect(redeemed.offerDiscountType == .freeTrial && redeemed.price == 0 && redeemed.offerPeriod == "P1M")
            let updates = try await h.engine.transactionUpdates(bundleId: H.bundleId, accountId: "alice")
            #expect(updates.updates.map(\.transaction.transactionId) == [redeemed.transactionId])
        },
        LifecycleScenario(
            row: "15d", title: "Win-back offer after expiry",
            notifications: [
                "SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "EXPIRED/VOLUNTARY",
                "SUBSCRIBED/RESUBSCRIBE",
            ],
            statuses: [1, 1, 2, 1]
        ) { h in
            let first = try await h.buy(H.yearly)
            try await h.engine.setAutoRenew(false, originalTransactionId: first.transactionId)
            try await h.advance(days: 20)
            #expect(try await h.notifications()[2].renewalInfo?.eligibleWinBackOfferIds == ["pro.yearly.winback"])
            let back = try await h.buy(H.yearly, offer: .winBack(offerID: "pro.yearly.winback")).payload
            #expect(back.offerType == .winBackOffer && back.offerIdentifier == "pro.yearly.winback")
            #expect(back.price == 24_990 && back.originalTransactionId == first.transactionId)
        },
    ]
}
