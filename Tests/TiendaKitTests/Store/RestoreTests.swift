import Foundation
import Testing
import TiendaKit

/// Seed 003, "Restaurar sin drama".
@Suite(.timeLimit(.minutes(1))) @MainActor struct RestoreTests {
    @Test(arguments: BackendKind.allCases)
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

    @Test(arguments: BackendKind.allCases)
    func restoreWithNothingBoughtSaysNoneFound(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        let store = try await ExampleStore.launch(fixture.backend)
        #expect(await store.restore() == .noneFound)
        #expect(store.lastError == nil)
    }

    @Test(arguments: BackendKind.allCases)
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

    @Test(arguments: BackendKind.allCases)
    func aCancelledSignInIsNotAFailure(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeStore()
        let store = try await ExampleStore.launch(fixture.backend)
        fixture.backend.dialogs.signInResponse = .cancel
        #expect(await store.restore() == .cancelled)
        #expect(store.lastError == nil)
    }
}
