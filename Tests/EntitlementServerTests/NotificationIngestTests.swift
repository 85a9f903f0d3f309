import EntitlementServer
import Foundation
import StoreModel
import StoreStorage
import Testing

@Suite struct NotificationIngestTests {
    let account = UUID()

    @Test(arguments: Backend.all)
    func `a subscription purchase grants its capabilities to the account named by its appAccountToken`(backend: Backend) async throws {
        try await Harness.run(on: backend) { harness in
            let store = harness.store
            let transaction = store.transaction(
                id: "1000", product: "notes.pro.yearly", type: .autoRenewable, purchase: .day(0), expires: .day(365), token: account)
            let outcome = try await harness.post(
                .subscribed, subtype: .initialBuy, at: .day(0), transaction: transaction,
                renewal: store.renewal(original: "1000", product: "notes.pro.yearly"), status: .active)
            #expect(outcome.advancedState && !outcome.duplicate)
            let answer = try await harness.entitlements(account.uuidString.lowercased())
            #expect(answer.activeCapabilities == ["pro", "sync"])
            let pro = try #require(answer.capabilities.first)
            #expect(pro.state == .active && pro.sources.first?.transactionId == "1000" && pro.sources.first?.willAutoRenew == true)
        }
    }

    @Test(arguments: Backend.all)
    func `a notification delivered twice is applied once`(backend: Backend) async throws {
        try await Harness.run(on: backend) { harness in
            let transaction = harness.store.transaction(
                id: "2000", product: "notes.coins.100", type: .consumable, purchase: .day(1), quantity: 3, token: account)
            let body = harness.store.notificationBody(.oneTimeCharge, signedDate: .day(1), transaction: transaction)
            let first = try await harness.service.ingestNotification(body: body)
            let second = try await harness.service.ingestNotification(body: body)
            #expect(!first.duplicate && second.duplicate && !second.advancedState)
            #expect(try await harness.entitlements(account.uuidString.lowercased()).consumables == ["coins": 300])
        }
    }

    @Test(arguments: Backend.all)
    func `a late older notification records its transaction but does not overwrite newer state`(backend: Backend) async throws {
        try await Harness.run(on: backend) { harness in
            let store = harness.store
            let first = store.transaction(id: "3000", product: "notes.pro.monthly", type: .autoRenewable, purchase: .day(0), expires: .day(30), token: account)
            let renewal = store.transaction(
                id: "3001", original: "3000", product: "notes.pro.monthly", type: .autoRenewable, purchase: .day(30), expires: .day(60),
                token: account)
            try await harness.post(.expired, subtype: .voluntary, at: .day(60), transaction: renewal,
                                   renewal: store.renewal(original: "3000", product: "notes.pro.monthly", autoRenew: false), status: .expired)
            let late = try await harness.post(.subscribed, subtype: .initialBuy, at: .day(0), transaction: first,
                                              renewal: store.renewal(original: "3000", product: "notes.pro.monthly"), status: .active)
            #expect(!late.duplicate)
            harness.clock.set(.day(10))
            let pro = try #require(try await harness.capability("pro", of: account.uuidString.lowercased()))
            #expect(!pro.active && pro.state == .expired && pro.sources.first?.transactionId == "3001")
            let history = try await harness.service.history(account: account.uuidString.lowercased())
            #expect(history.filter { $0.kind == "notification" }.count == 2)
            #expect(history.contains { $0.summary.contains("left as it was") })
        }
    }

    @Test(arguments: Backend.all)
    func `grace period keeps access, billing retry removes it, recovery restores it`(backend: Backend) async throws {
        try await Harness.run(on: backend) { harness in
            let store = harness.store
            let id = account.uuidString.lowercased()
            let paid = store.transaction(id: "4000", product: "notes.pro.monthly", type: .autoRenewable, purchase: .day(0), expires: .day(30), token: account)
            try await harness.post(.subscribed, subtype: .initialBuy, at: .day(0), transaction: paid,
                                   renewal: store.renewal(original: "4000", product: "notes.pro.monthly"), status: .active)
            try await harness.post(.didFailToRenew, subtype: .gracePeriod, at: .day(30), transaction: paid,
                                   renewal: store.renewal(original: "4000", product: "notes.pro.monthly", billingRetry: true, grace: .day(46)),
                                   status: .billingGracePeriod)
            harness.clock.set(.day(31))
            let grace = try #require(try await harness.capability("pro", of: id))
            #expect(grace.active && grace.state == .gracePeriod && grace.sources.first?.gracePeriodExpiresAt == Timestamp.day(46).milliseconds)
            try await harness.post(.gracePeriodExpired, at: .day(46), transaction: paid,
                                   renewal: store.renewal(original: "4000", product: "notes.pro.monthly", billingRetry: true), status: .billingRetry)
            harness.clock.set(.day(47))
            let retry = try #require(try await harness.capability("pro", of: id))
            #expect(!retry.active && retry.state == .billingRetry)
            let recovered = store.transaction(
                id: "4001", original: "4000", product: "notes.pro.monthly", type: .autoRenewable, purchase: .day(50), expires: .day(80), token: account)
            try await harness.post(.didRenew, subtype: .billingRecovery, at: .day(50), transaction: recovered,
                                   renewal: store.renewal(original: "4000", product: "notes.pro.monthly"), status: .active)
            let back = try #require(try await harness.capability("pro", of: id))
            #expect(back.active && back.sources.first?.transactionId == "4001")
        }
    }

    @Test(arguments: Backend.all)
    func `a refund revokes a non-consumable and debits a consumable once`(backend: Backend) async throws {
        try await Harness.run(on: backend) { harness in
            let store = harness.store
            let id = account.uuidString.lowercased()
            let lifetime = store.transaction(id: "5000", product: "notes.lifetime", type: .nonConsumable, purchase: .day(0), token: account)
            let coins = store.transaction(id: "5001", product: "notes.coins.100", type: .consumable, purchase: .day(0), token: account)
            try await harness.post(.oneTimeCharge, at: .day(0), transaction: lifetime)
            try await harness.post(.oneTimeCharge, at: .day(0), transaction: coins)
            #expect(try await harness.entitlements(id).activeCapabilities == ["pro"])
            var refunded = lifetime
            refunded.revocationDate = .day(2)
            var refundedCoins = coins
            refundedCoins.revocationDate = .day(2)
            let refundBody = store.notificationBody(.refund, signedDate: .day(2), transaction: refundedCoins)
            try await harness.post(.refund, at: .day(2), transaction: refunded)
            _ = try await harness.service.ingestNotification(body: refundBody)
            _ = try await harness.service.ingestNotification(body: refundBody)
            let answer = try await harness.entitlements(id)
            #expect(answer.activeCapabilities.isEmpty && answer.capabilities.first?.state == .revoked)
            #expect(answer.consumables == ["coins": 0])
        }
    }

    @Test(arguments: Backend.all)
    func `forged and foreign notifications are refused and change nothing`(backend: Backend) async throws {
        try await Harness.run(on: backend) { harness in
            let transaction = harness.store.transaction(
                id: "6000", product: "notes.lifetime", type: .nonConsumable, purchase: .day(0), token: account)
            let forger = TestAppStore(authority: TestAppStore.forger)
            let foreign = TestAppStore(bundleId: "com.other.app")
            let production = TestAppStore(environment: .production)
            for (body, code) in [
                (forger.notificationBody(.oneTimeCharge, signedDate: .day(0), transaction: transaction), "untrusted_signature"),
                (foreign.notificationBody(.oneTimeCharge, signedDate: .day(0), transaction: transaction), "foreign_app"),
                (production.notificationBody(.oneTimeCharge, signedDate: .day(0), transaction: transaction), "foreign_app"),
                (Data(#"{"signedPayload":"not.a.jws"}"#.utf8), "malformed_request"),
                (Data("{}".utf8), "malformed_request"),
            ] {
                let error = await #expect(throws: EntitlementServiceError.self) { try await harness.service.ingestNotification(body: body) }
                #expect(error?.code == code && (400..<500).contains(error?.httpStatus ?? 0))
            }
            let rows = try await harness.database.query("SELECT COUNT(*) AS n FROM ent_notifications")
            let count = try rows.first?.int64("n")
            #expect(count == 0)
            let answer = try await harness.entitlements(account.uuidString.lowercased())
            #expect(answer.capabilities.isEmpty)
        }
    }

    @Test(arguments: Backend.all)
    func `a notification whose transaction is signed by another authority is refused whole`(backend: Backend) async throws {
        try await Harness.run(on: backend) { harness in
            let forged = TestAppStore(authority: TestAppStore.forger).sign(
                harness.store.transaction(id: "7000", product: "notes.lifetime", type: .nonConsumable, purchase: .day(0), token: account))
            let payload = ResponseBodyV2DecodedPayload(
                notificationType: .oneTimeCharge, notificationUUID: UUID().uuidString.lowercased(),
                data: NotificationData(environment: .sandbox, bundleId: TestAppStore.bundleId, signedTransactionInfo: forged),
                version: "2.0", signedDate: .day(0))
            let error = await #expect(throws: EntitlementServiceError.self) {
                try await harness.service.ingestNotification(body: harness.store.body(signedPayload: harness.store.sign(payload)))
            }
            #expect(error?.code == "untrusted_signature")
            let answer = try await harness.entitlements(account.uuidString.lowercased())
            #expect(answer.capabilities.isEmpty)
        }
    }
}
