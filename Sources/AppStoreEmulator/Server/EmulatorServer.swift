import AppStoreEngine
import Foundation
import StoreHTTP
import StoreModel

/// The emulated App Store on HTTP: it opens the engine in the state directory, registers the catalogs, mounts
/// the route groups on one router, serves them, and runs the background services (the due-event scheduler, and
/// whatever else is added) until stopped.
///
/// ```swift
/// let server = try await EmulatorServer(configuration: EmulatorConfiguration(
///     stateDirectory: state, catalogs: [.init(file: storekit, bundleId: "com.example.app")]))
/// let baseURL = try await server.start()
/// // … App Store Server API at baseURL/inApps, StoreKit at baseURL/storekit/v1, control at baseURL/control/v1 …
/// await server.stop()
/// ```
public actor EmulatorServer {
    /// The configuration it runs with.
    public nonisolated let configuration: EmulatorConfiguration
    /// The engine, the clock and the state every route group works with.
    public nonisolated let context: EmulatorContext
    /// The route groups mounted, in order.
    public nonisolated let routeGroups: [any RouteGroup]
    /// Every route served, for API descriptions and their tests.
    public nonisolated let routes: [Router.RouteDescription]
    private let server: HTTPServer
    private let services: [any BackgroundService]
    private var running = false

    /// Opens the engine and its state, registers the catalogs and builds the router.
    /// - Parameters:
    ///   - configuration: Where to listen, the state directory and the catalogs.
    ///   - clock: The engine's clock; by default an ``OffsetClock`` restored from the state directory.
    ///   - additionalRouteGroups: More routes to mount (OCSP, the web transaction manager).
    ///   - additionalServices: More background services (the notification deliverer).
    public init(
        configuration: EmulatorConfiguration, clock: (any ControllableClock)? = nil,
        additionalRouteGroups: [any RouteGroup] = [], additionalServices: [any BackgroundService] = []
    ) async throws(EmulatorError) {
        let state = configuration.stateDirectory
        do {
            try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        } catch {
            throw .stateNotWritable(file: state.path, reason: "\(error)")
        }
        let clockFile = JSONStateFile<ClockState>(url: state.appendingPathComponent("emulator/clock.json"))
        let engineClock: any ControllableClock
        if let clock {
            engineClock = clock
        } else {
            engineClock = OffsetClock(offsetMilliseconds: try clockFile.load()?.offsetMilliseconds ?? 0)
        }
        let engine: AppStoreEngine
        do throws(AppStoreEngineError) {
            engine = try await AppStoreEngine(configuration: .init(storage: .stateDirectory(state), clock: engineClock))
            try await Self.register(configuration, in: engine)
        } catch {
            throw .engine(error)
        }
        let apiKeys = try APIKeyRegistry.loadOrCreate(in: state)
        let changes = ChangeFeed()
        let context = EmulatorContext(
            engine: engine, clock: engineClock, changes: changes, apiKeys: apiKeys,
            authenticator: BearerTokenValidator(keys: apiKeys), stateDirectory: state,
            notificationURLs: configuration.notificationURLs,
            retention: try RetentionMessagingStore(stateDirectory: state), clockFile: clockFile)
        let groups: [any RouteGroup] = [
            AppStoreServerAPIRoutes(context: context),
            RetentionMessagingRoutes(context: context),
            StoreKitRoutes(context: context),
            ControlRoutes(context: context),
            OpenAPIRoutes(),
        ] + additionalRouteGroups
        var router = Router()
        for group in groups { group.register(on: &router) }
        self.routes = router.registeredRoutes
        var services: [any BackgroundService] = []
        if configuration.runsScheduler { services.append(DueEventScheduler(engine: engine, changes: changes)) }
        self.configuration = configuration
        self.context = context
        self.routeGroups = groups
        self.services = services + additionalServices
        self.server = HTTPServer(
            configuration: configuration.http, responder: ChangeAnnouncingResponder(router: router, changes: changes))
    }

    /// Registers every catalog (re-registering replaces a catalog and keeps its app's state) and applies the
    /// configured time rate.
    private static func register(_ configuration: EmulatorConfiguration, in engine: AppStoreEngine) async throws(AppStoreEngineError) {
        for source in configuration.catalogs {
            let registration = try AppRegistration(
                bundleId: source.bundleId, appAppleId: configuration.appAppleId, environment: configuration.environment,
                catalogFile: source.file)
            _ = try await engine.registerApp(registration)
            if let rate = configuration.timeRate {
                _ = try await engine.updateSettings(bundleId: source.bundleId) { $0.timeRate = rate.rawValue }
            }
        }
    }

    /// Starts listening and the background services.
    /// - Returns: The base URL, e.g. `http://127.0.0.1:8480`.
    @discardableResult
    public func start() async throws(EmulatorError) -> URL {
        let port: Int
        do {
            port = try await server.start(host: configuration.host, port: configuration.port)
        } catch {
            throw .server("\(error)")
        }
        running = true
        for service in services { await service.start() }
        return Self.baseURL(host: configuration.host, port: port)
    }

    /// The base URL while running.
    public var baseURL: URL? {
        server.port.map { Self.baseURL(host: configuration.host, port: $0) }
    }

    /// Stops gracefully: background services first (in reverse order), then waiting long polls answer, then the
    /// HTTP server (requests in progress finish), then the engine, after saving the clock.
    public func stop() async {
        guard running else { return }
        running = false
        for service in services.reversed() { await service.stop() }
        await context.changes.close()   // ends waiting long polls, so the HTTP server drains at once
        await server.shutdown()
        try? context.saveClock()
        await context.engine.close()
    }

    private static func baseURL(host: String, port: Int) -> URL {
        let shown = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host
        let authority = shown.contains(":") ? "[\(shown)]" : shown
        return URL(string: "http://\(authority):\(port)")!
    }
}
