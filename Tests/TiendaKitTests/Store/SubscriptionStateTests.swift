import Foundation
import Testing
import TiendaKit

/// Seed 000, "Gestión avanzada de suscripciones": the five states.
@Suite(.hangGuard) @MainActor struct SubscriptionStateTests {
    @Test(arguments: BackendKind.both)
    func theSubscriptionStateFollowsRenewalGraceRetryAndExpiry(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        let store = try await ExampleStore.launch(fixture.backend)
        #expect(store.subscriptionState == nil)
        #expect(await store.purchase(productID: IDs.monthly) == .purchased(productID: IDs.monthly))
        #expect(store.subscriptionState == .subscribed)
        let transaction = try #require(try await fixture.session.allTransactions().first)
        try await fixture.session.setBillingIssue(true, forTransaction: try #require(UInt64(transaction.identifier)))
        try await fixture.session.advance(by: .days(31))
        await store.refreshEntitlements()
        #expect(store.subscriptionState == .inGracePeriod)
        #expect(store.isPro)
        try await fixture.session.advance(by: .days(20))
        await store.refreshEntitlements()
        #expect(store.subscriptionState == .inBillingRetryPeriod)
        #expect(!store.isPro)
        try await fixture.session.advance(by: .days(70))
        await store.refreshEntitlements()
        #expect(store.subscriptionState == .expired)
    }

    @Test(arguments: BackendKind.both)
    func aRefundedSubscriptionIsRevoked(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        let store = try await ExampleStore.launch(fixture.backend)
        #expect(await store.purchase(productID: IDs.yearly) == .purchased(productID: IDs.yearly))
        let transaction = try #require(try await fixture.session.allTransactions().first)
        try await fixture.session.refundTransaction(identifier: try #require(UInt64(transaction.identifier)))
        await eventually { store.subscriptionState == .revoked }
        #expect(!store.isPro)
    }

    @Test(arguments: BackendKind.both)
    func renewalsWhileTheAppRunsKeepAccess(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        let store = try await ExampleStore.launch(fixture.backend)
        #expect(await store.purchase(productID: IDs.weekly) == .purchased(productID: IDs.weekly))
        try await fixture.session.advance(by: .days(32))
        await eventually { store.lastDeliveredTransaction?.reason == .renewal }
        #expect(store.has("plus"))
        #expect(store.subscriptionState == .subscribed)
        #expect(try await fixture.backend.unfinishedTransactions().isEmpty)
    }
}
