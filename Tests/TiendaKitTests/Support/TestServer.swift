import AppStoreEmulator
import AppStoreEngine
import Foundation
import StoreModel
import TiendaKit

/// An `EmulatorServer` of one test: loopback, port 0, its own temporary state, a virtual clock at 2024-01-01
/// and no scheduler (the clock moves only when the test advances it). Stopped and deleted when released.
final class TestServer: Sendable {
    let server: EmulatorServer
    let baseURL: URL
    let state: URL
    let catalog: URL
    let bundleID: String

    private init(server: EmulatorServer, baseURL: URL, state: URL, catalog: URL, bundleID: String) {
        self.server = server
        self.baseURL = baseURL
        self.state = state
        self.catalog = catalog
        self.bundleID = bundleID
    }

    /// Starts a server selling `catalog` as `bundleID` at version `appVersion`.
    static func start(catalog: URL, bundleID: String, appVersion: String) async throws -> TestServer {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("tienda-kit-\(UUID().uuidString)")
        let configuration = EmulatorConfiguration(port: 0, stateDirectory: state, runsScheduler: false)
        let server = try await EmulatorServer(configuration: configuration, clock: VirtualClock())
        try await server.context.engine.registerApp(
            AppRegistration(bundleId: bundleID, bundleVersion: appVersion, catalogFile: catalog))
        let baseURL = try await server.start()
        return TestServer(server: server, baseURL: baseURL, state: state, catalog: catalog, bundleID: bundleID)
    }

    /// A device signed in with `accountID`, talking HTTP to this server and trusting its root certificate.
    func backend(accountID: String) async throws -> RemoteBackend {
        try await RemoteBackend(
            server: baseURL, catalog: catalog, bundleID: bundleID, accountID: accountID,
            rootCertificate: server.context.engine.rootCertificateDER)
    }

    deinit {
        let server = server
        let state = state
        Task {
            await server.stop()
            try? FileManager.default.removeItem(at: state)
        }
    }
}
