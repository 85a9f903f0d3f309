import Foundation
import Testing
import TiendaKit

@Suite struct AppStoreTests {
    @Test(arguments: BackendKind.both)
    func syncSignsInAndACancelledSignInThrowsUserCancelled(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.launch {
            try await AppStore.sync()
            store.backend.dialogs.signInResponse = .cancel
            await #expect {
                try await AppStore.sync()
            } throws: { error in
                (error as? StoreKitError)?.isCancellation == true
            }
        }
    }

    @Test(arguments: BackendKind.both)
    func aSimulatedSyncErrorFailsTheSync(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.session.setSimulatedError(.generic(.networkError), forAPI: .appStoreSync)
        await store.launch {
            await #expect(throws: StoreKitError.self) { try await AppStore.sync() }
        }
    }

    @Test(arguments: BackendKind.both)
    func theDeviceHasAVerificationIdentifierAndMayPay(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        await store.launch {
            #expect(AppStore.deviceVerificationID == store.backend.identity.deviceVerificationID)
            #expect(AppStore.canMakePayments)
        }
    }

    @Test(arguments: BackendKind.both)
    func theAppTransactionTellsTheOriginalAppVersion(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore(appVersion: "7")
        try await store.session.setOriginalAppVersion("2")
        try await store.launch {
            let app = try await AppTransaction.shared.payloadValue
            #expect(app.originalAppVersion == "2")
            #expect(app.appVersion == "7")
            #expect(app.bundleID == IDs.bundleID)
            #expect(app.environment == .sandbox)
            #expect(!app.appTransactionID.isEmpty)
        }
    }

    @Test(arguments: BackendKind.both)
    func aSimulatedAppTransactionErrorIsThrown(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.session.setSimulatedError(.generic(.unknown), forAPI: .appTransaction)
        await store.launch {
            await #expect(throws: StoreKitError.self) { _ = try await AppTransaction.shared }
        }
    }

    @Test func withoutABackendStoreKitCallsFailWithAClearError() async {
        await #expect {
            _ = try await Product.products(for: ["x"])
        } throws: { error in
            guard case StoreKitError.systemError(let underlying) = error else { return false }
            return (underlying as? TiendaKitError) == .noBackend
        }
    }
}
