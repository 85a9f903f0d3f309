import EntitlementServer
import Foundation
import StoreCrypto
import StoreHTTP
import StoreModel
import StoreStorage
import Synchronization
import Testing
import TiendaTestSupport

/// Kills the real server with SIGKILL at random moments while clients post a stream of signed notifications
/// and retry until they get 200; afterwards every notification must be applied exactly once.
@Suite(.serialized) struct CrashRecoveryTests {
    /// What the clients have left to deliver.
    private actor Delivery {
        private var pending: [NotificationStream.Item]
        private(set) var acknowledged = 0
        private(set) var attempts = 0

        init(_ items: [NotificationStream.Item]) {
            pending = items.reversed()
        }

        func next() -> NotificationStream.Item? { pending.popLast() }
        func retry(_ item: NotificationStream.Item) { pending.insert(item, at: 0) }
        func acknowledge() { acknowledged += 1 }
        func attempted() { attempts += 1 }
    }

    /// A database for the server process: a SQLite file, or a fresh PostgreSQL database on the test cluster.
    private struct CrashDatabase {
        /// The `--db` value.
        let spec: String
        /// Opens it for the checks afterwards.
        let open: @Sendable () throws -> any SQLDatabase
        /// Removes it.
        let drop: @Sendable () async throws -> Void

        static func make(on backend: Backend, folder: URL) async throws -> CrashDatabase {
            switch backend.kind {
            case .sqlite, .sqliteInMemory:
                let path = folder.appending(path: "entitlements.sqlite").path
                return CrashDatabase(spec: "sqlite:\(path)", open: { try SQLiteDatabase(path: path) }, drop: {})
            case .postgreSQL(let connection):
                let name = "crash_\(UUID().uuidString.lowercased().replacing("-", with: ""))"
                let administrator = try PostgreSQLDatabase(connectionString: connection, poolSize: 1)
                try await administrator.execute("CREATE DATABASE \(name)")
                await administrator.close()
                guard let slash = connection.lastIndex(of: "/") else { throw ServeProcessError(message: "no database in \(connection)") }
                let spec = connection[..<slash] + "/" + name
                return CrashDatabase(
                    spec: spec, open: { try PostgreSQLDatabase(connectionString: spec, poolSize: 2) },
                    drop: {
                        let administrator = try PostgreSQLDatabase(connectionString: connection, poolSize: 1)
                        try await administrator.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
                        await administrator.close()
                    })
            }
        }
    }

    /// A folder with the configuration.
    private static func workspace() throws -> (folder: URL, config: String) {
        let folder = FileManager.default.temporaryDirectory.appending(path: "tienda-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try TestAppStore.authority.root.derRepresentation.write(to: folder.appending(path: "root.der"))
        let config = """
            {
              "apps": [{"bundleId": "\(TestAppStore.bundleId)", "environments": {"Sandbox": {"appleRoot": false, "extraRoots": ["root.der"]}}}],
              "products": {
                "notes.pro.monthly": {"capabilities": ["pro"]},
                "notes.pro.yearly": {"capabilities": ["pro", "sync"]},
                "notes.lifetime": {"capabilities": ["pro"]},
                "notes.pass.month": {"capabilities": ["pass"], "nonRenewingDurationSeconds": 2592000},
                "notes.coins.100": {"consumable": {"currency": "coins", "amount": 100}}
              },
              "apiKeys": [{"name": "tests", "sha256": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"}],
              "webhooks": [{"name": "sink", "url": "http://127.0.0.1:9/never", "secret": "0123456789abcdef0123"}]
            }
            """
        let configPath = folder.appending(path: "entitlements.json").path
        try Data(config.utf8).write(to: URL(fileURLWithPath: configPath))
        return (folder, configPath)
    }

    @Test(arguments: Backend.all)
    func `fifty SIGKILLs in the middle of ingest lose no notification and apply none twice`(backend: Backend) async throws {
        let (folder, config) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let crashDatabase = try await CrashDatabase.make(on: backend, folder: folder)
        let databasePath = crashDatabase.spec
        let stream = NotificationStream.generate(seed: 50, count: 2500)
        let delivery = Delivery(stream.items)
        var server = try await ServeProcess(config: config, database: databasePath, port: 0)
        let port = server.port
        let client = HTTPClient()
        let url = URL(string: "http://127.0.0.1:\(port)/v1/notifications")!
        let workers = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        while let item = await delivery.next() {
                            await delivery.attempted()
                            let response = try? await client.send(method: .post, url: url, body: item.body, timeout: .seconds(5))
                            if response?.status == .ok {
                                await delivery.acknowledge()
                            } else {
                                await delivery.retry(item)
                                try await Task.sleep(for: .milliseconds(10))
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        var random = SeededRandom(seed: 2026)
        var killsDuringIngest = 0
        for _ in 0..<50 {
            try await Task.sleep(for: .milliseconds(Int(20 + random.next(upperBound: UInt64(120)))))
            if await delivery.acknowledged < stream.items.count { killsDuringIngest += 1 }
            server.kill()
            server = try await ServeProcess(config: config, database: databasePath, port: port)
        }
        try await workers.value
        #expect(server.terminate() == 0)
        let acknowledged = await delivery.acknowledged
        let attempts = await delivery.attempts
        #expect(acknowledged == stream.items.count)
        #expect(killsDuringIngest >= 40, "only \(killsDuringIngest) of 50 kills hit the ingest; make the stream longer")
        print("SIGKILL ×50 on \(backend.testDescription): \(stream.items.count) notifications, \(attempts) attempts, \(killsDuringIngest) kills during ingest")

        let database = try crashDatabase.open()
        let configuration = try EntitlementServerConfiguration.load(from: config)
        let clock = TestClock()
        let service = try await EntitlementService.open(configuration: configuration, database: database, currentTime: clock.source)
        let applied = try await database.query("SELECT COUNT(DISTINCT notification_uuid) AS n FROM ent_notifications")
        #expect(try applied.first?.int64("n") == Int64(stream.items.count))
        let expected = Set(stream.items.map(\.uuid))
        let stored = Set(try await database.query("SELECT notification_uuid FROM ent_notifications").map { try $0.string("notification_uuid") })
        #expect(stored == expected)
        for account in stream.accounts {
            let coins = try await service.entitlements(account: account).consumables["coins"] ?? 0
            #expect(coins == stream.expectedCoins[account] ?? 0, "account \(account)")
        }
        let credits = try await database.query("SELECT COUNT(*) AS n FROM ent_ledger WHERE kind = 'credit'")
        let consumablePurchases = Set(stream.items.filter { $0.type == .oneTimeCharge }.map(\.chain))
        let expectedCredits = try await database.query(
            "SELECT COUNT(*) AS n FROM ent_transactions WHERE product_type = 'Consumable'")
        #expect(try credits.first?.int64("n") == expectedCredits.first?.int64("n"))
        #expect(consumablePurchases.count >= (try credits.first?.int64("n")).map(Int.init) ?? 0)
        let outbox = try await database.query(
            "SELECT COUNT(*) AS queued, COUNT(DISTINCT event_id) AS events FROM ent_outbox")
        let events = try await database.query("SELECT COUNT(*) AS n FROM ent_events")
        #expect(try outbox.first?.int64("queued") == events.first?.int64("n"))
        #expect(try outbox.first?.int64("events") == events.first?.int64("n"))

        let reference = try await Harness.run(on: .inMemory) { harness in
            for item in stream.items { _ = try await harness.service.ingestNotification(body: item.body) }
            return try await StateDump.dump(harness, accounts: stream.accounts, at: [.day(0), .day(45), .day(400)])
        }
        let crashed = try await StateDump.dump(
            Harness(service: service, clock: clock, store: TestAppStore(), database: database), accounts: stream.accounts,
            at: [.day(0), .day(45), .day(400)])
        #expect(crashed == reference)
        await database.close()
        try await crashDatabase.drop()
    }
}
