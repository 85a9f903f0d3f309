import Foundation
import StoreCrypto
import StoreModel
import Testing

@testable import AppStoreEngine

/// StoreKit's views of an account, signed at issue.
@Suite struct ViewTests {
    typealias H = EngineHarness

    @Test(arguments: StoreKind.allCases)
    func viewsSignAtIssueAndVerifyAgainstTheRoot(store: StoreKind) async throws {
        let h = try await H.make(store)
        let bought = try await h.buy(H.monthly)
        try await h.engine.advance(by: .seconds(3600))
        let again = try await h.engine.transaction(bought.transactionId)
        #expect(again.payload.signedDate == h.clock.now && bought.payload.signedDate == .referenceDate)
        let verifier = try SignedDataVerifier(
            rootCertificates: [h.engine.rootCertificateDER], bundleId: H.bundleId, appAppleId: nil,
            environment: .sandbox, currentTime: { h.clock.now })
        #expect(try verifier.verifyAndDecode(again.jws, as: JWSTransactionDecodedPayload.self) == again.payload)
        let status = try await h.engine.subscriptionStatus(originalTransactionId: bought.transactionId)
        #expect(try verifier.verifyAndDecode(status.renewalInfo.jws, as: JWSRenewalInfoDecodedPayload.self) == status.renewalInfo.payload)
        let json = try #require(Base64URL.decode(again.jws.split(separator: ".")[1]))
        let keys = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any]).keys
        #expect(Set(keys).isDisjoint(with: ["exp", "iat", "aud", "iss", "nbf", "sub", "jti"]))
        #expect(!keys.contains("appAccountToken"))
    }

    @Test(arguments: StoreKind.allCases)
    func deviceViewsCarryDeviceVerificationAndServerPayloadsDoNot(store: StoreKind) async throws {
        let h = try await H.make(store)
        let device = try await h.engine.account("alice").deviceVerificationId
        let bought = try await h.buy(H.monthly).payload
        #expect(DeviceVerification.isValid(bought.deviceVerification, nonce: bought.deviceVerificationNonce, deviceVerificationID: device))
        let entitled = try #require(try await h.engine.currentEntitlements(bundleId: H.bundleId, accountId: "alice").first?.payload)
        #expect(DeviceVerification.isValid(entitled.deviceVerification, nonce: entitled.deviceVerificationNonce, deviceVerificationID: device))
        #expect(entitled.deviceVerificationNonce != bought.deviceVerificationNonce)
        let status = try #require(try await h.engine.subscriptionStatuses(bundleId: H.bundleId, accountId: "alice", groupId: H.groupId).first)
        #expect(DeviceVerification.isValid(
            status.renewalInfo.payload.deviceVerification, nonce: status.renewalInfo.payload.deviceVerificationNonce,
            deviceVerificationID: device))
        let app = try await h.engine.appTransaction(bundleId: H.bundleId, accountId: "alice").payload
        #expect(DeviceVerification.isValid(app.deviceVerification, nonce: app.deviceVerificationNonce, deviceVerificationID: device))
        let sent = try #require(try await h.notifications().first)
        #expect(sent.transaction?.deviceVerification == nil && sent.renewalInfo?.deviceVerification == nil)
        #expect(try await h.engine.transaction(bought.transactionId!).payload.deviceVerification == nil)
    }

    @Test(arguments: StoreKind.allCases)
    func viewsOfUnknownAppsOrAccountsAreErrors(store: StoreKind) async throws {
        let h = try await H.make(store)
        #expect(await engineError { _ = try await h.engine.currentEntitlements(bundleId: "com.nope", accountId: "alice") }
            == .appNotFound(bundleId: "com.nope"))
        #expect(await engineError { _ = try await h.engine.allTransactions(bundleId: H.bundleId, accountId: "nobody") }
            == .accountNotFound(accountId: "nobody"))
        #expect(await engineError { _ = try await h.engine.transactionUpdates(bundleId: H.bundleId, accountId: "nobody") }
            == .accountNotFound(accountId: "nobody"))
    }

    @Test(arguments: StoreKind.allCases)
    func allLatestAndUnfinishedFollowStoreKitsRules(store: StoreKind) async throws {
        let h = try await H.make(store)
        let coins = try await h.buy(H.coins)
        let refundedCoins = try await h.buy(H.coins)
        let theme = try await h.buy(H.theme)
        try await h.engine.finish(transactionId: coins.transactionId)
        try await h.engine.finish(transactionId: refundedCoins.transactionId)
        try await h.engine.finish(transactionId: coins.transactionId)
        try await h.engine.refund(transactionId: refundedCoins.transactionId)
        let all = try await h.engine.allTransactions(bundleId: H.bundleId, accountId: "alice").map(\.transactionId)
        #expect(all == [refundedCoins.transactionId, theme.transactionId])
        let unfinished = try await h.engine.unfinishedTransactions(bundleId: H.bundleId, accountId: "alice")
        #expect(unfinished.map(\.transactionId) == [theme.transactionId])
        let latest = try await h.engine.latestTransaction(bundleId: H.bundleId, accountId: "alice", productId: H.coins)
        #expect(latest?.transactionId == refundedCoins.transactionId && latest?.payload.revocationDate != nil)
        #expect(try await h.engine.latestTransaction(bundleId: H.bundleId, accountId: "alice", productId: H.lifetime) == nil)
        await #expect(throws: AppStoreEngineError.transactionNotFound(transactionId: "42")) {
            try await h.engine.finish(transactionId: "42")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func theUpdatesFeedSkipsInAppPurchasesAndReadsAtTheClientsPace(store: StoreKind) async throws {
        let h = try await H.make(store)
        let subscription = try await h.buy(H.monthly)
        let outside = try await h.buy(H.theme, origin: .outsideApp)
        try await h.advance(days: 31)
        try await h.engine.refund(transactionId: outside.transactionId)
        let first = try await h.engine.transactionUpdates(bundleId: H.bundleId, accountId: "alice", limit: 2)
        #expect(first.updates.count == 2 && first.hasMore)
        #expect(first.updates[0].transaction.transactionId == outside.transactionId)
        #expect(first.updates[1].transaction.payload.originalTransactionId == subscription.transactionId)
        let rest = try await h.engine.transactionUpdates(bundleId: H.bundleId, accountId: "alice", after: first.cursor)
        #expect(rest.updates.map(\.transaction.transactionId) == [outside.transactionId] && !rest.hasMore)
        #expect(rest.updates[0].transaction.payload.revocationDate != nil)
        let none = try await h.engine.transactionUpdates(bundleId: H.bundleId, accountId: "alice", after: rest.cursor)
        #expect(none.updates.isEmpty && none.cursor == rest.cursor)
    }

    @Test(arguments: StoreKind.allCases)
    func statusesListEveryChainOfTheGroup(store: StoreKind) async throws {
        let h = try await H.make(store, accounts: ["alice", "bob"])
        #expect(try await h.engine.subscriptionStatuses(bundleId: H.bundleId, accountId: "alice", groupId: H.groupId).isEmpty)
        #expect(try await h.engine.isEligibleForIntroOffer(bundleId: H.bundleId, accountId: "alice", groupId: H.groupId))
        try await LifecycleScenario.joinFamily(h)
        try await h.buy(H.monthly, account: "bob")
        let bought = try await h.buy(H.yearly)
        let statuses = try await h.engine.subscriptionStatuses(bundleId: H.bundleId, accountId: "alice", groupId: H.groupId)
        #expect(statuses.count == 2)
        #expect(Set(statuses.compactMap(\.transaction.payload.inAppOwnershipType)) == [.familyShared, .purchased])
        let own = try #require(statuses.first { $0.originalTransactionId == bought.transactionId })
        #expect(own.state == .subscribed && own.renewalInfo.payload.autoRenewProductId == H.yearly)
        #expect(own.renewalInfo.payload.signedDate == h.clock.now)
    }

    @Test(arguments: StoreKind.allCases)
    func appTransactionsCarryTheOriginalVersionAndAppIdOnlyInProduction(store: StoreKind) async throws {
        let h = try await H.make(store, environment: .production)
        let first = try await h.engine.appTransaction(bundleId: H.bundleId, accountId: "alice")
        #expect(first.payload.receiptType == .production && first.payload.appAppleId == 1_234_567_890)
        #expect(first.payload.originalApplicationVersion == "42" && first.payload.applicationVersion == "42")
        #expect(first.payload.originalPurchaseDate == .referenceDate && first.payload.originalPlatform == .iOS)
        try await h.engine.advance(by: .seconds(60))
        let legacy = try await h.engine.setOriginalApplicationVersion("1.4", bundleId: H.bundleId, accountId: "alice")
        #expect(legacy.payload.originalApplicationVersion == "1.4" && legacy.payload.appTransactionId == first.payload.appTransactionId)
        #expect(legacy.payload.receiptCreationDate == h.clock.now)
        let sandbox = try await H.make(store)
        let sandboxed = try await sandbox.engine.appTransaction(bundleId: H.bundleId, accountId: "alice").payload
        #expect(sandboxed.appAppleId == nil && sandboxed.originalApplicationVersion == "1.0" && sandboxed.receiptType == .sandbox)
        let purchase = try await sandbox.buy(H.coins)
        #expect(purchase.payload.appTransactionId == sandboxed.appTransactionId)
    }

    @Test(arguments: StoreKind.allCases)
    func productionNotificationsCarryTheAppAppleId(store: StoreKind) async throws {
        let h = try await H.make(store, environment: .production)
        try await h.buy(H.coins)
        let sent = try #require(try await h.notifications().first)
        #expect(sent.payload.data?.appAppleId == 1_234_567_890 && sent.payload.data?.environment == .production)
        #expect(sent.transaction?.environment == .production)
    }
}
