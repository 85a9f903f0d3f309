import AppStoreEmulator
import AppStoreEngine
import Foundation
import StoreModel
import Testing
import TiendaKit

/// The backends a behaviour runs against.
enum BackendKind: String, Sendable, CustomTestStringConvertible {
    /// An `AppStoreEngine` in the test process.
    case inProcess
    /// An `EmulatorServer` of its own on loopback, reached over HTTP.
    case remote

    /// Both backends: every behaviour runs against each.
    static let both: [BackendKind] = [.inProcess, .remote]

    var testDescription: String { rawValue }

    /// A fresh store selling `Examples/Tienda.storekit` to one account, on a virtual clock at 2024-01-01.
    func makeStore(appVersion: String = "7") async throws -> StoreUnderTest {
        try await makeStore(catalog: IDs.catalogURL, bundleID: IDs.bundleID, appVersion: appVersion)
    }

    /// A fresh store selling the seeds' products (`Tests/Fixtures/seeds/Seeds.storekit`).
    func makeSeedStore(appVersion: String = "7") async throws -> StoreUnderTest {
        try await makeStore(catalog: SeedIDs.catalogURL, bundleID: SeedIDs.bundleID, appVersion: appVersion)
    }

    private func makeStore(catalog: URL, bundleID: String, appVersion: String) async throws -> StoreUnderTest {
        switch self {
        case .inProcess:
            let backend = try await InProcessBackend.emulator(
                catalog: catalog, bundleID: bundleID, accountID: "alice", appVersion: appVersion)
            return StoreUnderTest(backend: backend, session: TestSession(backend: backend))
        case .remote:
            let server = try await TestServer.start(catalog: catalog, bundleID: bundleID, appVersion: appVersion)
            let backend = try await server.backend(accountID: "alice")
            return StoreUnderTest(backend: backend, session: TestSession(backend: backend), server: server)
        }
    }
}

/// A store for one test: the backend the app talks to and the session the test controls it with.
struct StoreUnderTest: Sendable {
    /// The app's backend.
    let backend: any StoreTestControls
    /// The test's controls.
    let session: TestSession
    /// The emulator the remote backend talks to.
    var server: TestServer?

    /// The same app on the same store, signed in with another Apple account.
    func otherAccount(_ accountID: String) async throws -> any StoreTestControls {
        switch backend {
        case let local as InProcessBackend:
            try await local.engine.createAccount(Account(id: accountID))
            return try await InProcessBackend(engine: local.engine, bundleID: local.bundleID, accountID: accountID)
        case is RemoteBackend:
            guard let server else { throw TestSessionError(.unsupported, "a remote backend without its server") }
            return try await server.backend(accountID: accountID)
        default:
            throw TestSessionError(.unsupported, "another account on \(type(of: backend))")
        }
    }

    /// Runs `body` as one launch of the app against this store, with the store also the process's default, for
    /// code that listens from `Task.detached` (one such launch runs at a time in the test process).
    @discardableResult
    func launchAsProcessDefault<T>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
    ) async rethrows -> T {
        try await TiendaKit.withDefaultBackend(backend, isolation: isolation, operation: body)
    }

    /// Runs `body` as one launch of the app against this store.
    @discardableResult
    func launch<T>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
    ) async rethrows -> T {
        try await TiendaKit.withBackend(backend, isolation: isolation, operation: body)
    }
}
