import EntitlementServer
import Foundation
import StoreModel
import StoreStorage
import Testing
import TiendaTestSupport

/// The storage layer of the entitlement server, run on SQLite and on PostgreSQL: migrations, and several
/// stateless servers sharing one database.
@Suite struct EntitlementStorageTests {
    private static let tables = [
        "ent_notifications", "ent_transactions", "ent_chains", "ent_owners", "ent_account_tokens", "ent_ownership_audit",
        "ent_ledger", "ent_grants", "ent_events", "ent_outbox", "ent_accounts", "ent_reconciler",
    ]

    @Test(arguments: Backend.all)
    func `migrations create every table once and record their versions`(backend: Backend) async throws {
        try await backend.withDatabase { database in
            let first = try await database.migrate(EntitlementSchema.migrations)
            #expect(first.map(\.version) == EntitlementSchema.migrations.map(\.version))
            let again = try await database.migrate(EntitlementSchema.migrations)
            #expect(again.isEmpty)
            let recorded = try await database.query("SELECT version FROM schema_migrations ORDER BY version").map { try $0.int("version") }
            #expect(recorded == EntitlementSchema.migrations.map(\.version))
            for table in Self.tables {
                let rows = try await database.query("SELECT COUNT(*) AS n FROM \(table)")
                #expect(try rows.first?.int64("n") == 0, "table \(table)")
            }
        }
    }

    @Test(arguments: Backend.all)
    func `two servers on one database apply each notification once, and a restarted server reads the same state`(
        backend: Backend
    ) async throws {
        let stream = NotificationStream.generate(seed: 31, count: 300)
        let instants: [Timestamp] = [.day(0), .day(45), .day(400)]
        let reference = try await Harness.run(on: .inMemory) { harness in
            for item in stream.items { _ = try await harness.service.ingestNotification(body: item.body) }
            return try await StateDump.dump(harness, accounts: stream.accounts, at: instants)
        }
        try await backend.withSharedDatabase(connections: 3) { databases in
            let clock = TestClock()
            let configuration = TestAppStore.configuration()
            let first = try await EntitlementService.open(configuration: configuration, database: databases[0], currentTime: clock.source)
            let second = try await EntitlementService.open(configuration: configuration, database: databases[1], currentTime: clock.source)
            var random = SeededRandom(seed: 31)
            let deliveries = (stream.items.map { ($0, first) } + stream.items.map { ($0, second) }).shuffled(using: &random)
            let applied = try await withThrowingTaskGroup(of: Bool.self) { group in
                var applied = 0
                var next = 0
                func start() {
                    let (item, server) = deliveries[next]
                    next += 1
                    group.addTask { try await !server.ingestNotification(body: item.body).duplicate }
                }
                for _ in 0..<min(8, deliveries.count) { start() }
                while let wasApplied = try await group.next() {
                    if wasApplied { applied += 1 }
                    if next < deliveries.count { start() }
                }
                return applied
            }
            #expect(applied == stream.items.count)

            let restarted = try await EntitlementService.open(
                configuration: configuration, database: databases[2], currentTime: clock.source)
            let harness = Harness(service: restarted, clock: clock, store: TestAppStore(), database: databases[2])
            let state = try await StateDump.dump(harness, accounts: stream.accounts, at: instants)
            #expect(state.count == reference.count)
            let firstDifference = zip(reference, state).first { $0 != $1 }
            #expect(firstDifference == nil, "in order \(firstDifference?.0 ?? "") vs two servers \(firstDifference?.1 ?? "")")
        }
    }
}
