import Foundation
import StoreModel
import Testing

@testable import AppStoreEngine

/// Purchases of every product kind, on both stores.
@Suite struct PurchaseTests {
    typealias H = EngineHarness

    @Test(arguments: StoreKind.allCases)
    func aConsumablePurchaseIsAOneTimeChargeWithPriceTimesQuantity(store: StoreKind) async throws {
        let h = try await H.make(store)
        let token = UUID()
        let transaction = try await h.buy(H.coins, quantity: 3, token: token)
        let payload = transaction.payload
        #expect(payload.transactionId == "2000000000000001")
        #expect(payload.originalTransactionId == payload.transactionId)
        #expect(payload.price == 2970 && payload.quantity == 3 && payload.currency == "USD")
        #expect(payload.type == .consumable && payload.transactionReason == .purchase)
        #expect(payload.appAccountToken == token.uuidString.lowercased())
        #expect(payload.webOrderLineItemId == nil && payload.expiresDate == nil)
        #expect(payload.signedDate == h.clock.now)
        #expect(payload.appTransactionId != nil && payload.environment == .sandbox)
        let notifications = try await h.notifications()
        #expect(notifications.map(\.name) == ["ONE_TIME_CHARGE"])
        #expect(notifications[0].renewalInfo == nil && notifications[0].status == nil)
        #expect(notifications[0].transaction?.transactionId == payload.transactionId)
        #expect(notifications[0].payload.data?.appAppleId == nil)
        #expect(notifications[0].payload.data?.bundleVersion == "42")
        #expect(notifications[0].payload.version == "2.0")
    }

    @Test(arguments: StoreKind.allCases)
    func quantitiesAreCheckedByProductKind(store: StoreKind) async throws {
        let h = try await H.make(store)
        await #expect(throws: AppStoreEngineError.invalidQuantity(productId: H.coins, quantity: 11)) {
            try await h.buy(H.coins, quantity: 11)
        }
        await #expect(throws: AppStoreEngineError.invalidQuantity(productId: H.lifetime, quantity: 2)) {
            try await h.buy(H.lifetime, quantity: 2)
        }
        #expect(try await h.buy(H.seasonPass, quantity: 2).payload.price == 29_980)
        await #expect(throws: AppStoreEngineError.productUnavailable(productId: "nope", bundleId: H.bundleId)) {
            try await h.buy("nope")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aSubscriptionPurchaseStartsAChainAndSchedulesItsRenewal(store: StoreKind) async throws {
        let h = try await H.make(store)
        let transaction = try await h.buy(H.monthly)
        #expect(transaction.payload.offerType == .introductoryOffer && transaction.payload.price == 990)
        #expect(try await h.engine.nextDueDate() == transaction.payload.expiresDate)
        let notifications = try await h.notifications()
        #expect(notifications.map(\.name) == ["SUBSCRIBED/INITIAL_BUY"])
        #expect(notifications[0].status == 1)
        #expect(notifications[0].renewalInfo?.autoRenewProductId == H.monthly)
        #expect(notifications[0].renewalInfo?.renewalDate == transaction.payload.expiresDate)
        #expect(try await h.state(transaction.transactionId) == .subscribed)
        #expect(try await h.engine.isEligibleForIntroOffer(bundleId: H.bundleId, accountId: "alice", groupId: H.groupId) == false)
    }

    @Test(arguments: StoreKind.allCases)
    func renewalsFireWhenTheClockAdvances(store: StoreKind) async throws {
        let h = try await H.make(store)
        let first = try await h.buy(H.weekly)
        let fired = try await h.advance(days: 31 + 7 * 2 + 0.5)  // a one-month intro period, then weeks
        #expect(fired == 3)
        let chain = try await h.engine.subscriptionTransactions(originalTransactionId: first.transactionId)
        #expect(chain.count == 4)
        #expect(chain.map(\.payload.transactionReason) == [.purchase, .renewal, .renewal, .renewal])
        #expect(Set(chain.map(\.payload.webOrderLineItemId)).count == 4)
        #expect(try await h.names() == ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW", "DID_RENEW", "DID_RENEW"])
        let signedDates = try await h.notifications().map(\.payload.signedDate)
        #expect(signedDates == [first.payload.purchaseDate] + chain.dropFirst().map(\.payload.purchaseDate))
    }

    @Test(arguments: StoreKind.allCases)
    func aBatchOfPurchasesCommitsTogetherAndAnswersEachLikeASinglePurchase(store: StoreKind) async throws {
        let h = try await H.make(store, accounts: ["alice", "bob", "carol"])
        let requests = ["alice", "bob", "carol"].map {
            PurchaseRequest(bundleId: H.bundleId, accountId: $0, productId: H.monthly, introductoryOfferEligibility: false)
        }
        let results = try await h.engine.purchase(batch: requests)
        let transactions = results.compactMap(\.transaction)
        #expect(transactions.count == 3)
        #expect(transactions.map(\.payload.transactionId) == ["2000000000000001", "2000000000000002", "2000000000000003"])
        #expect(transactions.allSatisfy { $0.payload.price == 4990 && $0.payload.signedDate == h.clock.now })
        let notifications = try await h.notifications()
        #expect(notifications.map(\.name) == Array(repeating: "SUBSCRIBED/INITIAL_BUY", count: 3))
        #expect(notifications.map(\.transaction?.transactionId) == transactions.map(\.payload.transactionId))
        #expect(try await h.names() == ["SUBSCRIBED/INITIAL_BUY", "SUBSCRIBED/INITIAL_BUY", "SUBSCRIBED/INITIAL_BUY"])
    }

    @Test(arguments: StoreKind.allCases)
    func aBatchWithAFailingPurchaseLeavesNoTrace(store: StoreKind) async throws {
        let h = try await H.make(store, accounts: ["alice", "bob"])
        await #expect(throws: AppStoreEngineError.productUnavailable(productId: "nope", bundleId: H.bundleId)) {
            try await h.engine.purchase(batch: [
                PurchaseRequest(bundleId: H.bundleId, accountId: "alice", productId: H.monthly),
                PurchaseRequest(bundleId: H.bundleId, accountId: "bob", productId: "nope"),
            ])
        }
        #expect(try await h.notifications().isEmpty)
        #expect(try await h.engine.nextDueDate() == nil)
        // The identifiers the failed batch drew are drawn again.
        #expect(try await h.buy(H.monthly).payload.transactionId == "2000000000000001")
    }

    @Test(arguments: StoreKind.allCases)
    func aBatchLargerThanOneLookupFindsEveryAccountAndKeepsExistingAppTransactions(store: StoreKind) async throws {
        let names = (0..<(EngineTables.lookupChunk + 20)).map { "buyer-\($0)" }
        let h = try await H.make(store, accounts: names)
        let earlier = try await h.engine.appTransaction(bundleId: H.bundleId, accountId: names[270])
        await #expect(throws: AppStoreEngineError.accountNotFound(accountId: "nobody")) {
            try await h.engine.purchase(batch: [
                PurchaseRequest(bundleId: H.bundleId, accountId: names[0], productId: H.monthly),
                PurchaseRequest(bundleId: H.bundleId, accountId: "nobody", productId: H.monthly),
            ])
        }
        let requests = names.map { PurchaseRequest(bundleId: H.bundleId, accountId: $0, productId: H.monthly) }
            + [PurchaseRequest(bundleId: H.bundleId, accountId: names[3], productId: H.coins)]
        let transactions = try await h.engine.purchase(batch: requests).compactMap(\.transaction)
        #expect(transactions.count == names.count + 1)
        #expect(transactions.map(\.payload.transactionId).first == "2000000000000001")
        var appTransactionIds: [String?] = []
        for name in names {
            appTransactionIds.append(try await h.engine.appTransaction(bundleId: H.bundleId, accountId: name).payload.appTransactionId)
        }
        #expect(appTransactionIds[270] == earlier.payload.appTransactionId)
        #expect(Set(appTransactionIds).count == names.count)
        #expect(transactions.map(\.payload.appTransactionId) == appTransactionIds + [appTransactionIds[3]])
    }

    @Test(arguments: StoreKind.allCases)
    func askToBuyWaitsForApprovalAndDeliversThroughUpdates(store: StoreKind) async throws {
        let h = try await H.make(store) { $0.askToBuyEnabled = true }
        let result = try await h.engine.purchase(PurchaseRequest(bundleId: H.bundleId, accountId: "alice", productId: H.monthly))
        let pending = try #require(result.pendingPurchase)
        #expect(pending.kind == .askToBuy)
        #expect(try await h.notifications().isEmpty)
        let approved = try await h.engine.approveAskToBuy(pending.id)
        #expect(try await h.names() == ["SUBSCRIBED/INITIAL_BUY"])
        let updates = try await h.engine.transactionUpdates(bundleId: H.bundleId, accountId: "alice")
        #expect(updates.updates.map(\.transaction.transactionId) == [approved.transactionId])
        await #expect(throws: AppStoreEngineError.pendingPurchaseNotFound(id: pending.id)) {
            try await h.engine.declineAskToBuy(pending.id)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func theEngineRestartsWithEverythingItHad(store: StoreKind) async throws {
        guard store == .sqliteFile else { return }
        let h = try await H.make(store)
        let subscription = try await h.buy(H.monthly)
        try await h.buy(H.coins)
        try await h.engine.requestTestNotification(bundleId: H.bundleId)
        let before = try await h.notifications().map(\.outbox)
        let reopened = try await h.reopened()
        #expect(try await reopened.notifications().map(\.outbox) == before)
        #expect(try await reopened.engine.nextDueDate() == subscription.payload.expiresDate)
        #expect(try await reopened.engine.app(H.bundleId).settings.billingGracePeriodEnabled == false)
        #expect(reopened.engine.rootCertificateDER == h.engine.rootCertificateDER)
        try await reopened.advance(days: 32)
        let next = try await reopened.buy(H.lifetime)
        #expect(next.transactionId == "2000000000000004")
        #expect(try await reopened.names().suffix(2) == ["DID_RENEW", "ONE_TIME_CHARGE"])
    }
}
