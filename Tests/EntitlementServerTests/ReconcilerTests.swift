import EntitlementServer
import Foundation
import StoreCrypto
import StoreHTTP
import StoreModel
import StoreStorage
import Synchronization
import Testing

@Suite struct ReconcilerTests {
    @Test(arguments: Backend.all)
    func `the reconciler heals missed notifications and statuses without duplicating anything`(backend: Backend) async throws {
        let key = try P256PrivateKey.generate()
        let fake = FakeServerAPI(publicKey: key.publicKey, keyId: "KEY1", issuerId: "issuer-1", bundleId: TestAppStore.bundleId)
        try await withHTTPServer(responder: fake.router) { apiServer in
            var configuration = TestAppStore.configuration()
            configuration.apps[0].environments[0].serverAPI = ServerAPIConfiguration(
                baseURL: URL(string: "http://127.0.0.1:\(apiServer.port!)")!, issuerId: "issuer-1", keyId: "KEY1",
                privateKeyPEM: key.pemRepresentation)
            try await Harness.run(on: backend, configuration: configuration) { harness in
                let store = harness.store
                let token = UUID()
                let account = token.uuidString.lowercased()
                let first = store.transaction(
                    id: "9600", product: "notes.pro.monthly", type: .autoRenewable, purchase: .day(0), expires: .day(30), token: token)
                let renewed = store.transaction(
                    id: "9601", original: "9600", product: "notes.pro.monthly", type: .autoRenewable, purchase: .day(30),
                    expires: .day(60), token: token)
                let renewal = store.renewal(original: "9600", product: "notes.pro.monthly", token: token)
                let retry = store.renewal(original: "9600", product: "notes.pro.monthly", billingRetry: true, token: token)
                let subscribed = store.sign(store.notificationPayload(
                    .subscribed, subtype: .initialBuy, uuid: UUID().uuidString.lowercased(), signedDate: .day(0), transaction: first,
                    renewal: renewal, status: .active))
                let didRenew = store.sign(store.notificationPayload(
                    .didRenew, uuid: UUID().uuidString.lowercased(), signedDate: .day(30), transaction: renewed, renewal: renewal,
                    status: .active))
                let failed = store.sign(store.notificationPayload(
                    .didFailToRenew, uuid: UUID().uuidString.lowercased(), signedDate: .day(60), transaction: renewed, renewal: retry,
                    status: .billingRetry))
                _ = try await harness.service.ingestNotification(signedPayload: subscribed)
                harness.clock.set(.day(61))
                var other = store.transaction(
                    id: "9700", product: "notes.pro.yearly", type: .autoRenewable, purchase: .day(10), expires: .day(375), token: token)
                other.signedDate = .day(61)
                var otherRenewal = store.renewal(original: "9700", product: "notes.pro.yearly", token: token)
                otherRenewal.signedDate = .day(61)
                var latest = renewed
                latest.signedDate = .day(61)
                var latestRenewal = retry
                latestRenewal.signedDate = .day(61)
                fake.state.withLock { state in
                    state.history = [subscribed, didRenew, failed]
                    state.statuses["9600"] = Self.status(.billingRetry, "9600", store.sign(latest), store.sign(latestRenewal))
                    state.statuses["9700"] = Self.status(.active, "9700", store.sign(other), store.sign(otherRenewal))
                }
                let process = try #require(try Reconciler(service: harness.service))
                let report = await process.run(extraChains: ["9700"])
                #expect(report.problems.isEmpty, "\(report.problems)")
                #expect(report.historyItems == 3 && report.statusItems == 2)
                #expect(report.applied >= 3)
                let answer = try await harness.entitlements(account)
                let pro = try #require(answer.capabilities.first { $0.capability == "pro" })
                #expect(pro.active && pro.sources.contains { $0.transactionId == "9601" && $0.state == .billingRetry })
                #expect(pro.sources.contains { $0.transactionId == "9700" && $0.state == .active })
                #expect(answer.activeCapabilities == ["pro", "sync"])

                let again = await process.run()
                #expect(again.problems.isEmpty && again.applied == 0 && again.alreadyKnown == 5)
                let notifications = try await harness.database.query("SELECT COUNT(*) AS n FROM ent_notifications")
                #expect(try notifications.first?.int64("n") == 3)
                let requests = fake.state.withLock { $0.historyRequests }
                #expect(requests.count == 4)
                #expect(requests[2].startDate == Timestamp(milliseconds: Timestamp.day(61).milliseconds - 60_000))
                #expect(fake.state.withLock { $0.tokenProblems }.isEmpty)
            }
        }
    }

    private static func status(_ status: Status, _ chain: String, _ transaction: String, _ renewal: String) -> StatusResponse {
        StatusResponse(
            environment: .sandbox, bundleId: TestAppStore.bundleId, appAppleId: 1_234_567_890,
            data: [
                SubscriptionGroupIdentifierItem(
                    subscriptionGroupIdentifier: "notes",
                    lastTransactions: [
                        LastTransactionsItem(
                            status: status, originalTransactionId: chain, signedTransactionInfo: transaction, signedRenewalInfo: renewal)
                    ])
            ])
    }
}
