import Foundation
import StoreModel
import Testing

@testable import AppStoreEngine

/// Get Transaction Info reuses a signature only while nothing changed, within its window, and before the next due
/// event; every change to the transaction (or the store) makes the next answer a fresh signature of the new state.
@Suite struct ServerTransactionCacheTests {
    typealias H = EngineHarness

    @Test(arguments: StoreKind.allCases)
    func anUnchangedTransactionIsServedAgainWithinTheWindowOnly(store: StoreKind) async throws {
        let h = try await H.make(store)
        let bought = try await h.buy(H.coins)
        let first = try await h.engine.serverTransaction(bought.transactionId)
        #expect(first.customer == Customer(bundleId: H.bundleId, accountId: "alice"))
        #expect(h.engine.cachedServerTransaction(bought.transactionId) == first)
        _ = h.clock.advance(by: .milliseconds(999))
        #expect(h.engine.cachedServerTransaction(bought.transactionId) == first)
        _ = h.clock.advance(by: .milliseconds(1))
        #expect(h.engine.cachedServerTransaction(bought.transactionId) == nil)
        let resigned = try await h.engine.serverTransaction(bought.transactionId)
        #expect(resigned.signed.jws != first.signed.jws)
        #expect(resigned.signed.payload.signedDate == h.clock.now)
    }

    @Test(arguments: StoreKind.allCases)
    func anyChangeToTheTransactionIsSignedAtOnce(store: StoreKind) async throws {
        let h = try await H.make(store)
        let bought = try await h.buy(H.monthly)
        let id = bought.transactionId
        let before = try await h.engine.serverTransaction(id)
        #expect(before.signed.payload.appAccountTokenUUID == nil)
        #expect(h.engine.cachedServerTransaction(id) == before)

        let token = UUID()
        try await h.engine.setAppAccountToken(token, originalTransactionId: id)
        #expect(h.engine.cachedServerTransaction(id) == nil)
        let tokened = try await h.engine.serverTransaction(id)
        #expect(tokened.signed.payload.appAccountTokenUUID == token)

        try await h.engine.refund(transactionId: id)
        #expect(h.engine.cachedServerTransaction(id) == nil)
        let refunded = try await h.engine.serverTransaction(id)
        #expect(refunded.signed.payload.revocationDate != nil)
        #expect(h.engine.cachedServerTransaction(id) == refunded)
    }

    @Test func aDueEventEndsTheReuse() async throws {
        let h = try await H.make(.inMemory)
        let bought = try await h.buy(H.monthly)
        let due = try #require(try await h.engine.nextDueDate())
        _ = h.clock.advance(to: due.adding(milliseconds: -500))
        _ = try await h.engine.serverTransaction(bought.transactionId)
        #expect(h.engine.cachedServerTransaction(bought.transactionId) != nil)
        // The renewal falls due within the window: the cached answer is not served past it.
        _ = h.clock.advance(to: due)
        #expect(h.engine.cachedServerTransaction(bought.transactionId) == nil)
    }

    @Test func anUnknownTransactionIsNotFound() async throws {
        let h = try await H.make(.inMemory)
        let error = await engineError { _ = try await h.engine.serverTransaction("2000000099999999") }
        #expect(error == .transactionNotFound(transactionId: "2000000099999999"))
    }
}
