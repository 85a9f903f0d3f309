import EntitlementServer
import Foundation
import StoreHTTP
import StoreModel
import StoreStorage

/// `tienda entitlements serve`: the entitlement server.
struct EntitlementsServeCommand: Command {
    static let path = ["entitlements", "serve"]
    static let summary = "Run the entitlement server: verified App Store notifications in, capabilities per account out"
    static let help = """
        USAGE: tienda entitlements serve --config FILE --db sqlite:PATH|postgres://… [--host HOST] [--port PORT]

        Runs the server an app's backend asks "what may this account use?". It verifies App Store Server
        Notifications V2 (POST /v1/notifications, exactly Apple's body) and the signed transactions apps send,
        deduplicates by notificationUUID, applies state by signedDate whatever the arrival order, and answers
        200 only after the write is durable. Accounts get capabilities (from the product → capability map of
        the configuration file), consumable balances, promotional grants and a history of why.

        The configuration file (JSON) lists the apps and environments to accept, the products, API keys
        (stored as SHA-256), the restore policy, webhooks, the reconciler and an optional answer-signing key;
        docs/ENTITLEMENT_SERVER.md documents it with a complete example, and every route.

        OPTIONS:
          --config FILE   The configuration file.
          --db DATABASE   sqlite:PATH for an embedded SQLite database in WAL mode (created if missing), or a
                          PostgreSQL connection URI (postgres://user:password@host:5432/db), which several
                          servers can share.
          --host HOST     The address to listen on. Default: 127.0.0.1 (use 0.0.0.0 to accept other machines).
          --port PORT     The port. Default: 8090; 0 lets the system choose.
          -h, --help      Show this help.

        The server prints its URL on standard output once it listens, logs refusals to standard error, and
        stops gracefully on SIGINT or SIGTERM (requests in progress finish first).

        EXAMPLES:
          tienda entitlements serve --config entitlements.json --db sqlite:state/entitlements.sqlite
          tienda entitlements serve --config entitlements.json --db postgres://tienda@127.0.0.1/tienda --port 0
        """

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        guard let configPath = try arguments.option("--config") else { throw CommandFailure.usage("Missing --config FILE.") }
        guard let databaseSpec = try arguments.option("--db") else { throw CommandFailure.usage("Missing --db sqlite:PATH or postgres://….") }
        let host = try arguments.option("--host") ?? "127.0.0.1"
        let portText = try arguments.option("--port") ?? "8090"
        try arguments.finish()
        guard let port = Int(portText), (0...65_535).contains(port) else {
            throw CommandFailure.usage("--port must be a number from 0 to 65535, not \"\(portText)\".")
        }
        let configuration: EntitlementServerConfiguration
        do {
            configuration = try EntitlementServerConfiguration.load(from: configPath)
        } catch {
            throw CommandFailure.badData("\(error)")
        }
        let database = try openDatabase(databaseSpec)
        let log: @Sendable (String) -> Void = { line in output.error("[\(Timestamp(Date()))] \(line)") }
        let server = try await EntitlementServerProcess.start(
            configuration: configuration, database: database, host: host, port: port, log: log)
        output.print("Entitlement server listening on http://\(host):\(server.port) (database: \(database))")
        await ShutdownSignal.wait()
        output.error("Stopping…")
        await server.stop()
        await database.close()
        return .success
    }

    /// Opens `sqlite:PATH` or a PostgreSQL URI.
    static func openDatabase(_ spec: String) throws(CommandFailure) -> any SQLDatabase {
        do {
            if spec.hasPrefix("sqlite:") {
                let path = String(spec.dropFirst("sqlite:".count))
                guard !path.isEmpty else { throw CommandFailure.usage("--db sqlite: needs a path, as in sqlite:state/entitlements.sqlite.") }
                let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
                try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                return try SQLiteDatabase(path: path)
            }
            if spec.hasPrefix("postgres://") || spec.hasPrefix("postgresql://") {
                return try PostgreSQLDatabase(connectionString: spec, poolSize: 8)
            }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure.badData("Cannot open the database \(spec): \(error)")
        }
        throw CommandFailure.usage("--db must be sqlite:PATH or a postgres:// URI, not \"\(spec)\".")
    }
}
