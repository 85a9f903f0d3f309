import AppStoreEmulator
import AppStoreEngine
import Dispatch
import Foundation
import StoreModel

/// `tienda serve`: the emulated App Store on HTTP until Ctrl-C.
struct ServeCommand: Command {
    static let path = ["serve"]
    static let summary = "Run the emulated App Store: Server API, StoreKit and control endpoints on HTTP"
    static let help = """
        USAGE: tienda serve [FILE.storekit[=BUNDLE_ID] ...] [--port N] [--host ADDR] [--state DIR]
                            [--bundle-id ID] [--environment Sandbox|Production] [--app-apple-id N]
                            [--time-rate N] [--notify URL ...]

        Loads each .storekit catalog into the emulator (the first as --bundle-id, others as the bundle ID written
        after '='), then serves on HTTP until interrupted:
          /inApps/...        the App Store Server API (Apple's clients work with their base URL pointed here)
          /storekit/v1/apps/{bundleId}/...  StoreKit-shaped endpoints for TiendaKit's remote backend
          /control/v1/...    the control API the `tienda` subcommands use
          /openapi.json      the OpenAPI 3 description of all of them
        Everything is kept in DIR and survives restarts: a restart without catalogs serves the apps already
        loaded. Due events (renewals, retries, grace ends) fire on real time, compressed by the catalog's time
        rate; `tienda advance` jumps the clock ahead.

        On first start an API key for the Server API is created: its key ID, issuer ID and .p8 file are printed,
        ready for AppStoreServerAPIClient(key, keyId, issuerId, bundleId, ...).

        OPTIONS:
          --port N             Port to listen on (default \(EmulatorConfiguration.defaultPort); 0 picks a free one).
          --host ADDR          Address to listen on (default 127.0.0.1).
          \(StateDirectoryOption.help)
          --bundle-id ID       Bundle ID of the first catalog (default com.tienda.example).
          --environment ENV    Sandbox (default) or Production: the environment every payload is signed for.
          --app-apple-id N     The app's Apple ID (payloads carry it in Production; default 1234567890 there).
          --time-rate N        Override the catalogs' _timeRate (0 real time, 13 monthly renews every 5 minutes, …).
          --notify URL         POST App Store Server Notifications V2 to URL (repeatable).
          -h, --help           Show this help.

        EXAMPLE:
          tienda serve Examples/Tienda.storekit --state .tienda --port 8480
        """

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let configuration = try configuration(from: &arguments)
        let server: EmulatorServer
        let baseURL: URL
        do {
            server = try await EmulatorServer(configuration: configuration)
            baseURL = try await server.start()
        } catch {
            throw CommandFailure.software("\(error)")
        }
        await describe(server, baseURL: baseURL, output: output)
        await SignalWaiter.waitForTermination()
        output.error("Stopping…")
        await server.stop()
        output.error("Stopped.")
        return .success
    }

    private static func configuration(from arguments: inout ArgumentList) throws(CommandFailure) -> EmulatorConfiguration {
        let portText = try arguments.option("--port") ?? String(EmulatorConfiguration.defaultPort)
        guard let port = Int(portText), (0...65_535).contains(port) else { throw .usage("--port \(portText) is not a port number.") }
        let host = try arguments.option("--host") ?? "127.0.0.1"
        let state = try StateDirectoryOption.read(&arguments)
        let bundleId = try arguments.option("--bundle-id") ?? "com.tienda.example"
        let environmentText = try arguments.option("--environment") ?? "Sandbox"
        let environment = AppStoreEnvironment(rawValue: environmentText)
        guard environment == .sandbox || environment == .production else {
            throw .usage("--environment must be Sandbox or Production, not \(environmentText).")
        }
        var appAppleId: Int64? = environment == .production ? 1_234_567_890 : nil
        if let text = try arguments.option("--app-apple-id") {
            guard let value = Int64(text) else { throw .usage("--app-apple-id \(text) is not a number.") }
            appAppleId = value
        }
        var timeRate: TimeRate?
        if let text = try arguments.option("--time-rate") {
            guard let value = Int(text) else { throw .usage("--time-rate \(text) is not a number.") }
            timeRate = TimeRate(rawValue: value)
        }
        let notify = try arguments.options("--notify").map { text throws(CommandFailure) -> URL in
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? "") else {
                throw .usage("--notify \(text) is not an http(s) URL.")
            }
            return url
        }
        var catalogs: [EmulatorConfiguration.CatalogSource] = []
        for (index, argument) in arguments.allPositionals().enumerated() {
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 || index == 0 else {
                throw .usage("Give the bundle ID of every catalog after the first: \(argument)=com.example.other.")
            }
            let file = URL(fileURLWithPath: parts[0])
            guard FileManager.default.fileExists(atPath: file.path) else { throw .noInput("\(parts[0]): no such file.") }
            catalogs.append(.init(file: file, bundleId: parts.count == 2 ? parts[1] : bundleId))
        }
        try arguments.finish()
        return EmulatorConfiguration(
            host: host, port: port, stateDirectory: state, catalogs: catalogs, notificationURLs: notify,
            timeRate: timeRate, environment: environment, appAppleId: appAppleId)
    }

    private static func describe(_ server: EmulatorServer, baseURL: URL, output: Output) async {
        let context = server.context
        let state = context.stateDirectory.path
        let apps = await context.engine.registeredApps()
        output.print("Tienda App Store emulator")
        output.print("  base URL          \(baseURL.absoluteString)")
        output.print("  Server API        \(baseURL.absoluteString)/inApps/v1/…")
        output.print("  StoreKit API      \(baseURL.absoluteString)/storekit/v1/apps/{bundleId}/…")
        output.print("  control API       \(baseURL.absoluteString)/control/v1/…  (tienda buy|advance|status … --server \(baseURL.absoluteString))")
        output.print("  OpenAPI           \(baseURL.absoluteString)/openapi.json")
        output.print("  root certificate  \(state)/pki/root.der")
        for app in apps {
            output.print("  bundle ID         \(app.bundleId)  (\(app.environment.rawValue), \(app.catalog.products.count) products, time rate \(app.settings.timeRate.rawValue))")
        }
        if let key = context.apiKeys.keys.first {
            output.print("  API key ID        \(key.keyId)")
            output.print("  issuer ID         \(key.issuerId)")
            if let file = key.privateKeyFile { output.print("  private key       \(state)/\(file)") }
        }
        output.print("  clock             \(context.clock.now)")
        if !server.configuration.notificationURLs.isEmpty {
            output.print("  notifications     \(server.configuration.notificationURLs.map(\.absoluteString).joined(separator: ", "))")
        }
        output.print("Press Ctrl-C to stop.")
        if apps.isEmpty { output.error("warning: no app is loaded; pass a .storekit file.") }
    }
}

/// Waits for SIGINT or SIGTERM.
enum SignalWaiter {
    /// Returns when the process receives SIGINT or SIGTERM (their default handlers are replaced).
    static func waitForTermination() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumed = ResumeOnce(continuation)
            for number in [SIGINT, SIGTERM] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { resumed.resume() }
                source.resume()
                Sources.keep(source)
            }
        }
    }

    /// Keeps the signal sources alive for the process's lifetime.
    private enum Sources {
        nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
        private static let lock = NSLock()

        static func keep(_ source: any DispatchSourceSignal) {
            lock.lock()
            sources.append(source)
            lock.unlock()
        }
    }
}

/// Resumes a continuation once, however often it is asked.
final class ResumeOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, Never>?

    init(_ continuation: CheckedContinuation<Void, Never>) {
        self.continuation = continuation
    }

    func resume() {
        lock.lock()
        let pending = continuation
        continuation = nil
        lock.unlock()
        pending?.resume()
    }
}
