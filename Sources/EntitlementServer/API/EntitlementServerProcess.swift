public import StoreModel
public import StoreStorage
import Foundation
import StoreHTTP

/// A running entitlement server: the service, its HTTP server, and its background work (webhook delivery and
/// the scheduled reconciler). `tienda entitlements serve` runs one; tests and benchmarks start them in-process.
public final class EntitlementServerProcess: Sendable {
    /// The domain operations.
    public let service: EntitlementService
    /// The port the server listens on.
    public let port: Int
    private let server: HTTPServer
    private let background: [Task<Void, Never>]

    private init(service: EntitlementService, port: Int, server: HTTPServer, background: [Task<Void, Never>]) {
        self.service = service
        self.port = port
        self.server = server
        self.background = background
    }

    /// Migrates the database, builds the service and routes, and starts listening.
    /// - Parameters:
    ///   - configuration: The validated configuration.
    ///   - database: SQLite or PostgreSQL.
    ///   - host: The address to listen on.
    ///   - port: The port; 0 lets the system choose.
    ///   - currentTime: "Now" (the system clock in production).
    ///   - log: Where refusals, failures and background work are reported.
    public static func start(
        configuration: EntitlementServerConfiguration, database: any SQLDatabase, host: String = "127.0.0.1", port: Int = 0,
        currentTime: @escaping @Sendable () -> Timestamp = { SystemClock().now },
        webhookTransport: any WebhookTransport = HTTPWebhookTransport(),
        serverAPITransport: any ServerAPITransport = HTTPServerAPITransport(),
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> EntitlementServerProcess {
        let service = try await EntitlementService.open(
            configuration: configuration, database: database, currentTime: currentTime, log: log)
        let reconciler = try Reconciler(service: service, transport: serverAPITransport)
        var reconcile: (@Sendable ([String]) async -> ReconcileReport)?
        if let reconciler {
            reconcile = { chains in await reconciler.run(extraChains: chains) }
        }
        let routes = try EntitlementRoutes(service: service, reconcile: reconcile)
        var serverConfiguration = HTTPServer.Configuration()
        serverConfiguration.errorResponse = RouteResponses.standardError
        let server = HTTPServer(configuration: serverConfiguration, responder: EntitlementResponder(routes: routes))
        let boundPort = try await server.start(host: host, port: port)
        var background: [Task<Void, Never>] = [Task { await Self.refreshAnswersForever(service, log: log) }]
        if !configuration.webhooks.isEmpty {
            let deliverer = WebhookDeliverer(
                database: database, endpoints: configuration.webhooks, transport: webhookTransport, currentTime: currentTime, log: log)
            background.append(Task { await Self.deliverForever(deliverer, log: log) })
        }
        if let reconciler, let interval = configuration.reconcileIntervalSeconds {
            background.append(Task { await Self.reconcileForever(reconciler, every: .seconds(interval), log: log) })
        }
        return EntitlementServerProcess(service: service, port: boundPort, server: server, background: background)
    }

    /// Drops cached answers that writes by other servers made stale, every 100 ms, until cancelled.
    private static func refreshAnswersForever(_ service: EntitlementService, log: @Sendable (String) -> Void) async {
        var cutoff = service.currentTime().milliseconds - 2_000
        while !Task.isCancelled {
            let started = service.currentTime().milliseconds
            do {
                try await service.refreshCachedAnswers(changedSince: cutoff)
                cutoff = started - 2_000
            } catch {
                log("\(error)")
            }
            try? await Task.sleep(for: .milliseconds(100))
        }
    }

    /// Runs the reconciler on its schedule until cancelled.
    private static func reconcileForever(_ reconciler: Reconciler, every interval: Duration, log: @Sendable (String) -> Void) async {
        while !Task.isCancelled {
            let report = await reconciler.run()
            log(
                "reconciled: \(report.historyItems) history items, \(report.statusItems) statuses, \(report.applied) applied"
                    + (report.problems.isEmpty ? "" : "; problems: \(report.problems.joined(separator: "; "))"))
            try? await Task.sleep(for: interval)
        }
    }

    /// Delivers due webhooks until cancelled: at once while batches come back full, else every second.
    private static func deliverForever(_ deliverer: WebhookDeliverer, log: @Sendable (String) -> Void) async {
        let batch = 64
        while !Task.isCancelled {
            var handled = 0
            do {
                let report = try await deliverer.deliverDue(limit: batch)
                handled = report.delivered + report.failed
            } catch {
                log("webhook delivery failed to read the outbox: \(error)")
            }
            if handled < batch { try? await Task.sleep(for: .seconds(1)) }
        }
    }

    /// Stops accepting requests, lets those in progress finish, and stops the background work.
    public func stop() async {
        for task in background { task.cancel() }
        await server.shutdown()
        for task in background { await task.value }
    }
}
