import StoreModel
import Testing

@testable import AppStoreEngine

/// A clock the engine does not control, as a server's: due events fire when the scheduler asks.
struct ExternalClock: StoreClock {
    let base: VirtualClock
    var now: Timestamp { base.now }
}

/// Due events on virtual and external clocks, in time order.
@Suite struct ClockTests {
    typealias H = EngineHarness

    @Test(arguments: StoreKind.allCases)
    func dueEventsFireInTimeOrderWithTiesInSchedulingOrder(store: StoreKind) async throws {
        let h = try await H.make(store, accounts: ["alice", "bob", "carol"])
        try await h.buy(H.monthly, account: "carol", introductoryOffer: false)
        try await h.buy(H.weekly, account: "bob", introductoryOffer: false)
        try await h.buy(H.monthly, account: "alice", introductoryOffer: false)
        try await h.advance(days: 31)
        let renewals = try await h.notifications().filter { $0.name == "DID_RENEW" }
        let owners = renewals.map { $0.transaction?.originalTransactionId }
        #expect(owners == ["2000000000000002", "2000000000000002", "2000000000000002", "2000000000000002",
            "2000000000000001", "2000000000000003"])
        let dates = renewals.compactMap(\.payload.signedDate)
        #expect(dates == dates.sorted())
    }

    @Test(arguments: StoreKind.allCases)
    func smallBatchesFireTheSameEventsInTheSameOrder(store: StoreKind) async throws {
        let accounts = (0..<6).map { "user\($0)" }
        var sequences: [[String]] = []
        for batch in [1, 4, 256] {
            let h = try await H.make(store, accounts: accounts, dueEventBatchSize: batch)
            for (index, account) in accounts.enumerated() {
                try await h.buy(index.isMultiple(of: 2) ? H.weekly : H.monthly, account: account, introductoryOffer: false)
                try await h.engine.advance(by: .seconds(3600))
            }
            #expect(try await h.advance(days: 120) > 30)
            let sent = try await h.notifications()
            let dates = sent.compactMap(\.payload.signedDate)
            #expect(dates == dates.sorted())
            sequences.append(sent.map { "\($0.name) \($0.transaction?.transactionId ?? "")" })
        }
        #expect(sequences[0] == sequences[1] && sequences[1] == sequences[2])
    }

    @Test(arguments: StoreKind.allCases)
    func aServerClockFiresDueEventsWhenTheSchedulerRuns(store: StoreKind) async throws {
        let base = VirtualClock()
        let engine = try await AppStoreEngine(configuration: .init(storage: .inMemory, clock: ExternalClock(base: base)))
        try await engine.registerApp(AppRegistration(bundleId: H.bundleId, catalogFile: H.catalogURL))
        try await engine.createAccount(Account(id: "alice"))
        let first = try await engine.purchase(PurchaseRequest(
            bundleId: H.bundleId, accountId: "alice", productId: H.weekly, introductoryOfferEligibility: false))
        let expiry = try #require(first.transaction?.payload.expiresDate)
        #expect(try await engine.nextDueDate() == expiry)
        #expect(await engineError { _ = try await engine.advance(by: .seconds(1)) } == .clockNotControllable)
        #expect(try await engine.runDueEvents() == 0)
        base.advance(to: expiry.adding(.seconds(90)))
        #expect(try await engine.runDueEvents() == 1)
        let renewal = try #require(try await engine.pendingNotifications().last)
        #expect(renewal.notificationType == .didRenew && renewal.signedDate == base.now)
        #expect(try await engine.nextDueDate() == expiry.adding(.seconds(7 * 86_400)))
    }

    @Test(arguments: StoreKind.allCases)
    func operationsCatchUpOnDueEventsFirst(store: StoreKind) async throws {
        let h = try await H.make(store)
        try await h.buy(H.monthly)
        h.clock.advance(by: .seconds(40 * 86_400))
        try await h.buy(H.coins)
        #expect(try await h.names() == ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW", "ONE_TIME_CHARGE"])
    }

    @Test(arguments: [(TimeRate.monthlyRenewalEveryFiveMinutes, 12), (.oneRenewalEveryTwoSeconds, 150)],
        StoreKind.allCases)
    func compressedTimeRatesRenewOnTheirSchedule(schedule: (rate: TimeRate, renewals: Int), store: StoreKind) async throws {
        let (rate, renewals) = schedule
        let h = try await H.make(store) { $0.timeRate = rate.rawValue }
        try await h.buy(H.monthly, introductoryOffer: false)
        #expect(try await h.engine.advance(by: .seconds(rate == .oneRenewalEveryTwoSeconds ? 300 : 3600)) == renewals)
        #expect(try await h.notifications().count == renewals + 1)
    }
}
