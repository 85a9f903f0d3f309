import AppStoreEmulator
import AppStoreEngine
import Foundation
import StoreModel

/// A live emulator for one test: a fresh state directory, the example catalog as `com.tienda.example`, a
/// `VirtualClock` at the current wall-clock time (so bearer tokens and history windows line up), port 0, and
/// no scheduler (tests move the clock themselves).
struct EmulatorHarness {
    static let bundleId = "com.tienda.example"
    static let exampleCatalog = PythonOracle.packageRoot.appendingPathComponent("Examples/Tienda.storekit")

    let server: EmulatorServer
    let baseURL: URL
    let clock: VirtualClock
    let state: URL

    /// Starts an emulator.
    static func start(environment: AppStoreEnvironment = .sandbox) async throws -> EmulatorHarness {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("tienda-emulator-\(UUID().uuidString)")
        let clock = VirtualClock(now: Timestamp(Date()))
        let configuration = EmulatorConfiguration(
            port: 0, stateDirectory: state, catalogs: [.init(file: exampleCatalog, bundleId: bundleId)],
            environment: environment, appAppleId: environment == .production ? 1_234_567_890 : nil, runsScheduler: false)
        let server = try await EmulatorServer(configuration: configuration, clock: clock)
        let baseURL = try await server.start()
        return EmulatorHarness(server: server, baseURL: baseURL, clock: clock, state: state)
    }

    /// The engine behind the server.
    var engine: AppStoreEngine { server.context.engine }

    /// The API key `tienda serve` would print, with its private key PEM.
    var apiKey: (key: APIKey, privateKeyPEM: String) {
        get throws {
            let key = server.context.apiKeys.keys[0]
            let pem = try String(contentsOf: state.appendingPathComponent(key.privateKeyFile ?? ""), encoding: .utf8)
            return (key, pem)
        }
    }

    /// The root certificate, base64 DER, for verifiers.
    var rootBase64: String { engine.rootCertificateDER.base64EncodedString() }

    /// Stops the server and deletes the state.
    func stop() async {
        await server.stop()
        try? FileManager.default.removeItem(at: state)
    }

    /// Creates an account and buys products for it; returns the transaction IDs in order.
    @discardableResult
    func buy(_ productIds: [String], account: String) async throws -> [String] {
        if (try? await engine.account(account)) == nil { try await engine.createAccount(Account(id: account)) }
        var ids: [String] = []
        for productId in productIds {
            let result = try await engine.purchase(PurchaseRequest(bundleId: Self.bundleId, accountId: account, productId: productId))
            ids.append(result.transaction?.transactionId ?? "")
        }
        return ids
    }
}
