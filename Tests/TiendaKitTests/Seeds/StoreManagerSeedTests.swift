import Foundation
import Testing
import TiendaKit

/// Seed 000's `StoreManager` and `StoreView` logic, compiled against TiendaKit and exercised. Its listener runs in
/// `Task.detached`, so each test is a launch with the store as the process's default.
///
/// Serialized: launches that are the process's default run one at a time, and each test's time limit should
/// measure the test, not its wait for the others.
@Suite(.serialized, .hangGuard) @MainActor struct StoreManagerSeedTests {
    @Test(arguments: BackendKind.both)
    func storeManagerLoadsItsProductsCheapestFirstAtInit(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeSeedStore()
        await fixture.launchAsProcessDefault {
            let manager = StoreManager()
            await eventually { manager.products.count == 3 }
            #expect(manager.products.map(\.id) == [SeedIDs.monthly, SeedIDs.yearly, SeedIDs.lifetime])
        }
    }

    @Test(arguments: BackendKind.both)
    func storeManagerPurchaseFinishesAndMarksTheProductPurchased(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeSeedStore()
        try await fixture.launchAsProcessDefault {
            let manager = StoreManager()
            await eventually { manager.products.count == 3 }
            let lifetime = try #require(manager.products.last)
            let transaction = try #require(try await manager.purchase(lifetime))
            #expect(transaction.productID == SeedIDs.lifetime)
            #expect(manager.purchasedProductIDs == [SeedIDs.lifetime])
            #expect(try await fixture.backend.unfinishedTransactions().isEmpty)
        }
    }

    @Test(arguments: BackendKind.both)
    func storeManagerPurchaseReturnsNothingWhenCancelledOrPending(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeSeedStore()
        try await fixture.launchAsProcessDefault {
            let manager = StoreManager()
            await eventually { manager.products.count == 3 }
            let monthly = try #require(manager.products.first)
            fixture.backend.dialogs.purchaseResponse = .cancel
            #expect(try await manager.purchase(monthly) == nil)
            fixture.backend.dialogs.purchaseResponse = .confirm
            try await fixture.session.setAskToBuyEnabled(true)
            #expect(try await manager.purchase(monthly) == nil)
            #expect(manager.purchasedProductIDs.isEmpty)
        }
    }

    @Test(arguments: BackendKind.both)
    func storeManagerListenerPicksUpPurchasesMadeElsewhereAndRefunds(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeSeedStore()
        try await fixture.launchAsProcessDefault {
            let manager = StoreManager()
            await eventually { manager.products.count == 3 }
            let bought = try await fixture.session.buyProduct(identifier: SeedIDs.lifetime)
            await eventually { manager.purchasedProductIDs == [SeedIDs.lifetime] }
            try await fixture.session.refundTransaction(identifier: bought.id)
            await eventually { manager.purchasedProductIDs.isEmpty }
        }
    }

    @Test(arguments: BackendKind.both)
    func storeManagerReportsEachOfTheFiveSubscriptionStates(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeSeedStore()
        try await fixture.session.setShouldEnterBillingRetryOnRenewal(true)
        try await fixture.launchAsProcessDefault {
            let manager = StoreManager()
            await eventually { manager.products.count == 3 }
            let monthly = try #require(manager.products.first)
            _ = try #require(try await manager.purchase(monthly))
            await manager.checkSubscriptionStatus(for: monthly)
            try await fixture.session.advance(by: .days(31))
            await manager.checkSubscriptionStatus(for: monthly)
            try await fixture.session.advance(by: .days(17))
            await manager.checkSubscriptionStatus(for: monthly)
            try await fixture.session.advance(by: .days(60))
            await manager.checkSubscriptionStatus(for: monthly)
            try await fixture.session.resetToDefaultState()
            let again = try #require(try await manager.purchase(monthly))
            try await fixture.session.refundTransaction(identifier: again.id)
            await manager.checkSubscriptionStatus(for: monthly)
            #expect(manager.messages == [
                "Suscripción activa y al día.",
                "Suscripción en período de gracia.",
                "Error de cobro, en período de reintento.",
                "La suscripción ha expirado.",
                "Suscripción revocada por Apple o reembolso.",
            ])
        }
    }

    @Test(arguments: BackendKind.both)
    func storeManagerTreatsUnverifiedTransactionsAsNotPurchased(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeSeedStore()
        try await fixture.session.buyProduct(identifier: SeedIDs.lifetime)
        let foreign = InterposedBackend(base: fixture.backend) { $0.deviceVerificationID = UUID() }
        await TiendaKit.withDefaultBackend(foreign) {
            let manager = StoreManager()
            await eventually { manager.messages.contains { $0.hasPrefix("Failed to verify transaction") } }
            #expect(manager.purchasedProductIDs.isEmpty)
        }
    }

    @Test(arguments: BackendKind.both)
    func storeViewShowsTheErrorOfAFailedPurchase(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeSeedStore()
        try await fixture.session.setCanMakePayments(false)
        try await fixture.launchAsProcessDefault {
            let view = StoreViewModel(storeManager: StoreManager())
            await eventually { view.storeManager.products.count == 3 }
            await view.buyProduct(try #require(view.storeManager.products.first))
            #expect(view.showingError)
            #expect(view.errorMessage == Product.PurchaseError.purchaseNotAllowed.localizedDescription)
            #expect(!view.isPurchasing)
        }
    }
}
