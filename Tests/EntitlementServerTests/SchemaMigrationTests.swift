import EntitlementServer
import Foundation
import StoreModel
import StoreStorage
import Testing

/// Migrations 2 and 3 of the entitlement server's schema (no index of events by chain; on SQLite, notifications,
/// events and account versions stored `WITHOUT ROWID`; audit and ledger indexes without NULL entries) on a store that
/// schema 1 wrote, on SQLite and on PostgreSQL.
@Suite struct SchemaMigrationTests {
    /// Every row of the tables migration 2 touches or that the state depends on, in key order.
    private static let tables = [
        "SELECT * FROM ent_notifications ORDER BY notification_uuid",
        "SELECT * FROM ent_events ORDER BY event_id",
        "SELECT * FROM ent_accounts ORDER BY account_id",
        "SELECT * FROM ent_transactions ORDER BY transaction_id",
        "SELECT * FROM ent_chains ORDER BY original_transaction_id",
    ]

    @Test(arguments: Backend.all)
    func `a store written by schema 1 keeps its rows and answers, and later writes go on from them`(backend: Backend) async throws {
        let stream = NotificationStream.generate(seed: 7, count: 120)
        let (before, after) = stream.items.split(at: 80)
        let instants: [Timestamp] = [.day(0), .day(45), .day(400)]
        try await backend.withDatabase { database in
            try await database.migrate([EntitlementSchema.migrations[0]])
            let clock = TestClock()
            let configuration = TestAppStore.configuration()
            let old = try EntitlementService(configuration: configuration, database: database, currentTime: clock.source)
            for item in before { _ = try await old.ingestNotification(body: item.body) }
            let rows = try await Self.rows(in: database)
            #expect(try await Self.indexes(in: database).contains("ent_events_chain"))

            let migrated = try await database.migrate(EntitlementSchema.migrations)
            #expect(migrated.map(\.version) == [2, 3])
            #expect(try await Self.rows(in: database) == rows)
            let indexes = try await Self.indexes(in: database)
            #expect(!indexes.contains("ent_events_chain"))
            #expect(indexes.isSuperset(of: ["ent_notifications_chain", "ent_accounts_updated", "ent_transactions_chain"]))
            for (index, column) in [("ent_ownership_audit_previous", "previous_owner"), ("ent_ledger_account", "account_id")] {
                let definition = try await Self.definition(of: index, in: database)
                #expect(definition.hasSuffix("WHERE \(column) IS NOT NULL") || definition.hasSuffix("WHERE (\(column) IS NOT NULL)"), "\(definition)")
            }
            if case .sqlite = backend.kind {
                for table in ["ent_notifications", "ent_events", "ent_accounts"] {
                    let sql = try await database.queryFirst("SELECT sql FROM sqlite_master WHERE name = ?", [.text(table)])?.string("sql")
                    #expect(sql?.hasSuffix("WITHOUT ROWID") == true, "\(table): \(sql ?? "missing")")
                }
            }

            // The migrated store takes the rest of the stream (repeats of what it holds included) and ends where a
            // store migrated from the start does.
            let service = try EntitlementService(configuration: configuration, database: database, currentTime: clock.source)
            for item in after + before.prefix(10) { _ = try await service.ingestNotification(body: item.body) }
            let harness = Harness(service: service, clock: clock, store: TestAppStore(), database: database)
            let state = try await StateDump.dump(harness, accounts: stream.accounts, at: instants)
            let reference = try await Harness.run(on: .inMemory) { harness in
                for item in stream.items { _ = try await harness.service.ingestNotification(body: item.body) }
                return try await StateDump.dump(harness, accounts: stream.accounts, at: instants)
            }
            #expect(state == reference)
        }
    }

    private static func rows(in database: any SQLDatabase) async throws -> [[SQLValue]] {
        var rows: [[SQLValue]] = []
        for sql in tables { rows += try await database.query(sql).map(\.values) }
        return rows
    }

    /// The statement that made `index`, as the store keeps it.
    private static func definition(of index: String, in database: any SQLDatabase) async throws -> String {
        let sql = database.dialect == .sqlite
            ? "SELECT sql AS definition FROM sqlite_master WHERE type = 'index' AND name = ?"
            : "SELECT indexdef AS definition FROM pg_indexes WHERE schemaname = current_schema() AND indexname = ?"
        return try await database.queryFirst(sql, [.text(index)])?.string("definition") ?? "missing"
    }

    private static func indexes(in database: any SQLDatabase) async throws -> Set<String> {
        let sql = database.dialect == .sqlite
            ? "SELECT name FROM sqlite_master WHERE type = 'index'"
            : "SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema()"
        return Set(try await database.query(sql).map { try $0.string("name") })
    }
}

extension Array {
    /// The first `count` elements and the rest.
    fileprivate func split(at count: Int) -> (ArraySlice<Element>, ArraySlice<Element>) {
        (prefix(count), dropFirst(count))
    }
}
