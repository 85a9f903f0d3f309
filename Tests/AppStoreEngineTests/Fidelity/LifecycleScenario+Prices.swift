import StoreModel
import Testing

@testable import AppStoreEngine

/// Rows 16, 16b, 16c, 17, 18, 18b: price increases, removal from sale, renewal-date extensions.
extension LifecycleScenario {
    static let pricesAndExtensions: [LifecycleScenario] = [
        LifecycleScenario(
            row: "16", title: "Price increase with consent, accepted",
            notifications: ["SUBSCRIBED/INITIAL_BUY", "PRICE_INCREASE/PENDING", "PRICE_INCREASE/ACCEPTED", "DID_RENEW"],
            statuses: [1, 1, 1, 1]
        ) { h in
            let first = try await h.buy(H.monthly, introductoryOffer: false)
            try await h.engine.requestPriceIncrease(originalTransactionId: first.transactionId, newPriceMilliunits: 5990)
            try await h.engine.respondToPriceIncrease(originalTransactionId: first.transactionId, accepted: true)
            try await h.advance(days: 31)
            let sent = try await h.notifications()
            #expect(sent[1].renewalInfo?.priceIncreaseStatus == .customerHasNotResponded)
            #expect(sent[1].renewalInfo?.renewalPrice == 5990)
            #expect(sent[2].renewalInfo?.priceIncreaseStatus == .customerConsentedOrWasNotifiedWithoutNeedingConsent)
            #expect(sent[3].transaction?.price == 5990 && sent[3].renewalInfo?.priceIncreaseStatus == nil)
        },
        LifecycleScenario(
            row: "16b", title: "Price increase with consent, no response",
            notifications: ["SUBSCRIBED/INITIAL_BUY", "PRICE_INCREASE/PENDING", "EXPIRED/PRICE_INCREASE"],
            statuses: [1, 1, 2]
        ) { h in
            let first = try await h.buy(H.monthly, introductoryOffer: false)
            try await h.engine.requestPriceIncrease(originalTransactionId: first.transactionId, newPriceMilliunits: 5990)
            try await h.advance(days: 31)
            let info = try #require(try await h.notifications().last?.renewalInfo)
            #expect(info.expirationIntent == .customerDidNotConsentToPriceIncrease)
        },
        LifecycleScenario(
            row: "16c", title: "Price increase without consent",
            notifications: ["SUBSCRIBED/INITIAL_BUY", "PRICE_INCREASE/ACCEPTED", "DID_RENEW"], statuses: [1, 1, 1]
        ) { h in
            let first = try await h.buy(H.monthly, introductoryOffer: false)
            try await h.engine.requestPriceIncrease(
                originalTransactionId: first.transactionId, newPriceMilliunits: 5490, requiresConsent: false)
            try await h.advance(days: 31)
            #expect(try await h.notifications().last?.transaction?.price == 5490)
        },
        LifecycleScenario(
            row: "17", title: "Product removed from sale",
            notifications: ["SUBSCRIBED/INITIAL_BUY", "EXPIRED/PRODUCT_NOT_FOR_SALE"], statuses: [1, 2]
        ) { h in
            try await h.buy(H.monthly)
            try await h.engine.setProductAvailability(H.monthly, forSale: false, bundleId: H.bundleId)
            try await h.advance(days: 31)
            #expect(try await h.notifications().last?.renewalInfo?.expirationIntent == .productNotAvailable)
            await #expect(throws: AppStoreEngineError.productUnavailable(productId: H.monthly, bundleId: H.bundleId)) {
                try await h.buy(H.monthly)
            }
        },
        LifecycleScenario(
            row: "18", title: "Renewal date extension, single",
            notifications: ["SUBSCRIBED/INITIAL_BUY", "RENEWAL_EXTENDED"], statuses: [1, 1]
        ) { h in
            let first = try await h.buy(H.monthly)
            let result = try await h.engine.extendRenewalDate(
                originalTransactionId: first.transactionId, days: 10, reason: .serviceIssueOrOutage)
            let newExpiry = first.payload.expiresDate!.adding(.seconds(10 * 86_400))
            #expect(result.success && result.effectiveDate == newExpiry)
            #expect(result.webOrderLineItemId == first.payload.webOrderLineItemId)
            let sent = try #require(try await h.notifications().last)
            #expect(sent.transaction?.transactionId == first.transactionId && sent.transaction?.expiresDate == newExpiry)
            #expect(sent.renewalInfo?.renewalDate == newExpiry)
            #expect(try await h.engine.nextDueDate() == newExpiry)
        },
        LifecycleScenario(
            row: "18b", title: "Renewal date extension for all subscribers", accounts: ["alice", "bob"],
            notifications: [
                "SUBSCRIBED/INITIAL_BUY", "SUBSCRIBED/INITIAL_BUY", "RENEWAL_EXTENDED", "RENEWAL_EXTENDED",
                "RENEWAL_EXTENDED", "RENEWAL_EXTENSION/FAILURE", "RENEWAL_EXTENSION/SUMMARY",
            ],
            statuses: [1, 1, 1, 1, 1, 1, nil]
        ) { h in
            let alice = try await h.buy(H.monthly)
            let bob = try await h.buy(H.monthly, account: "bob")
            for _ in 0..<2 { _ = try await h.engine.extendRenewalDate(originalTransactionId: bob.transactionId, days: 1) }
            let started = try await h.engine.extendRenewalDatesForAllSubscribers(
                bundleId: H.bundleId, productId: H.monthly, days: 5, requestIdentifier: "mass-1")
            #expect(!started.complete)
            let done = try await h.engine.massExtensionStatus(requestIdentifier: "mass-1")
            #expect(done.complete && done.succeededCount == 1 && done.failedCount == 1)
            let sent = try await h.notifications()
            #expect(sent[4].transaction?.originalTransactionId == alice.transactionId)
            #expect(sent[5].transaction?.originalTransactionId == bob.transactionId)
            let summary = try #require(sent[6].payload.summary)
            #expect(summary.requestIdentifier == "mass-1" && summary.productId == H.monthly)
            #expect(summary.succeededCount == 1 && summary.failedCount == 1 && sent[6].payload.data == nil)
        },
    ]
}
