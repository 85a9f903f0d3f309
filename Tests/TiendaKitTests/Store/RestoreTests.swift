import Foundation
import Synchronization
import Testing
import TiendaKit

/// Seed 003, "Restaurar sin drama".
@Suite(.hangGuard) @MainActor struct RestoreTests {
    @Test(arguments: BackendKind.both)
    func restoreSaysHowManyPurchasesCameBack(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        try await fixture.session.buyProduct(identifier: IDs.lifetime)
        try await fixture.session.buyProduct(identifier: IDs.theme)
        try await fixture.session.buyProduct(identifier: IDs.coins)
        let store = try await ExampleStore.launch(fixture.backend)
        #expect(await store.restore() == .restored(2))
        #expect(store.lastRestoreOutcome == .restored(2))
        #expect(store.isPro)
    }

    @Test(arguments: BackendKind.both)
    func restoreWithNothingBoughtSaysNoneFound(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        let store = try await ExampleStore.launch(fixture.backend)
        #expect(await store.restore() == .noneFound)
        #expect(store.lastError == nil)
    }

    @Test(arguments: BackendKind.both)
    func aRestoreThatCannotReachTheStoreSaysItFailed(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        let store = try await ExampleStore.launch(fixture.backend)
        try await fixture.session.setSimulatedError(.generic(.networkError), forAPI: .appStoreSync)
        guard case .failed = await store.restore() else {
            Issue.record("expected a failed restore")
            return
        }
        #expect(store.lastError?.kind == .restoreFailed)
    }

    @Test(arguments: BackendKind.both)
    func aCancelledSignInIsNotAFailure(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        let store = try await ExampleStore.launch(fixture.backend)
        fixture.backend.dialogs.signInResponse = .cancel
        #expect(await store.restore() == .cancelled)
        #expect(store.lastError == nil)
    }

    @Test(arguments: BackendKind.both)
    func onlyTheRestoreButtonAsksToSignIn(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        let signIns = CountingSignIn()
        fixture.backend.dialogs.presenter = signIns
        try await fixture.session.buyProduct(identifier: IDs.lifetime)
        let store = try await ExampleStore.launch(fixture.backend)
        await store.refreshAll()
        #expect(store.isPro)
        #expect(signIns.count == 0)
        #expect(await store.restore() == .restored(1))
        #expect(signIns.count == 1)
    }

    @Test(arguments: BackendKind.both)
    func purchasesBelongToTheAppleAccountThatPaid(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        try await fixture.session.buyProduct(identifier: IDs.lifetime)
        let owner = try await ExampleStore.launch(fixture.backend)
        #expect(owner.isPro)
        // Same device and app, signed in with another Apple account: none of it comes back, even on restore.
        let other = try await ExampleStore.launch(try await fixture.otherAccount("bob"))
        #expect(!other.isPro)
        #expect(await other.restore() == .noneFound)
        #expect(!other.isPro)
    }
}

/// The App Store sign-in sheet, answered yes and counted.
private final class CountingSignIn: DialogPresenter {
    private let calls = Mutex(0)

    var count: Int { calls.withLock { $0 } }

    func confirmPurchase(of product: Product, quantity: Int) async -> Bool { true }

    func signIn() async -> Bool {
        calls.withLock { $0 += 1 }
        return true
    }
}
