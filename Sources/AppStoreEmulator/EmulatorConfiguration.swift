import Foundation
import StoreHTTP
import StoreModel

/// How `tienda serve` runs: where it listens, keeps state, which catalogs it sells, and whom it notifies.
public struct EmulatorConfiguration: Sendable {
    /// The address the HTTP server binds; loopback by default.
    public var host: String
    /// The port; 0 picks a free one.
    public var port: Int
    /// The state directory (database and certificate authority), created when missing.
    public var stateDirectory: URL
    /// The `.storekit` files to load, each registered as the catalog of ``bundleId`` (the first one) or of the
    /// bundle identifier given with it.
    public var catalogs: [CatalogSource]
    /// The URLs App Store Server Notifications V2 are POSTed to.
    public var notificationURLs: [URL]
    /// A time rate that overrides the `.storekit` files' `_timeRate` (nil keeps theirs).
    public var timeRate: TimeRate?
    /// The environment the emulated apps sign as (Sandbox by default).
    public var environment: AppStoreEnvironment
    /// The app's Apple ID, carried by payloads in Production.
    public var appAppleId: Int64?
    /// The HTTP server's limits (body size, connection timeout).
    public var http: HTTPServer.Configuration
    /// Whether due events fire on their own as the clock reaches them (off in tests that move a virtual clock).
    public var runsScheduler: Bool

    /// A `.storekit` file and the app that sells its products.
    public struct CatalogSource: Sendable, Hashable {
        /// The `.storekit` file.
        public var file: URL
        /// The app's bundle identifier.
        public var bundleId: String

        /// Creates a catalog source.
        public init(file: URL, bundleId: String) {
            self.file = file
            self.bundleId = bundleId
        }
    }

    /// Creates a configuration.
    public init(
        host: String = "127.0.0.1", port: Int = 0, stateDirectory: URL, catalogs: [CatalogSource] = [],
        notificationURLs: [URL] = [], timeRate: TimeRate? = nil, environment: AppStoreEnvironment = .sandbox,
        appAppleId: Int64? = nil, http: HTTPServer.Configuration = HTTPServer.Configuration(), runsScheduler: Bool = true
    ) {
        self.host = host
        self.port = port
        self.stateDirectory = stateDirectory
        self.catalogs = catalogs
        self.notificationURLs = notificationURLs
        self.timeRate = timeRate
        self.environment = environment
        self.appAppleId = appAppleId
        self.http = http
        self.runsScheduler = runsScheduler
    }

    /// The port `tienda serve` listens on by default, and the CLI's default server.
    public static let defaultPort = 8480
}
