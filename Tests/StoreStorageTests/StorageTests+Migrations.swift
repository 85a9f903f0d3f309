import StoreStorage
import Testing

extension StorageTests {
    /// A schema in three steps. Each creates a table without `IF NOT EXISTS`, so applying one twice fails.
    static let schema: [Migration] = [
        Migration(version: 1, name: "users", sql: ["CREATE TABLE users (id BIGINT PRIMARY KEY, name TEXT NOT NULL)"]),
        Migration(version: 2, name: "notifications") { dialect in
            [
                "CREATE TABLE notifications (id \(dialect.autoincrementPrimaryKey), uuid TEXT NOT NULL UNIQUE, payload \(dialect.blobType))",
                "CREATE INDEX notifications_by_uuid ON notifications (uuid)",
            ]
        },
        Migration(version: 3, name: "devices", sql: ["CREATE TABLE devices (user_id BIGINT NOT NULL REFERENCES users (id))"]),
    ]

    @Test(arguments: StorageBackendUnderTest.all)
    func migrationsApplyOnceAndRunningThemAgainDoesNothing(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            let first = try await store.database.migrate(Array(Self.schema.prefix(2)))
            #expect(first.map(\.version) == [1, 2])
            #expect(try await store.database.migrate(Array(Self.schema.prefix(2))).isEmpty)
            #expect(try await store.database.migrate(Self.schema).map(\.version) == [3])
            let recorded = try await store.database.query("SELECT version, name FROM schema_migrations ORDER BY version")
            #expect(recorded.map(\.values) == [[1, "users"], [2, "notifications"], [3, "devices"]])
            let inserted = try await store.database.queryFirst("INSERT INTO notifications (uuid) VALUES (?) RETURNING id", ["a"])
            #expect(try inserted?.int64("id") == 1)
        }
    }

    @Test(arguments: StorageBackendUnderTest.all)
    func aDatabaseMigratedByNewerCodeIsRefused(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            try await store.database.migrate(Self.schema)
            let refusal = await #expect(throws: StorageError.self) { try await store.database.migrate(Array(Self.schema.prefix(2))) }
            #expect(refusal?.code == .schemaNewerThanCode)
            #expect(refusal?.reason.contains("version 3") == true)
            #expect(refusal?.reason.contains("up to 2") == true)
        }
    }

    @Test(arguments: StorageBackendUnderTest.all)
    func aFailingMigrationRollsBackAloneAndNamesItself(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            let broken = Migration(version: 2, name: "broken", sql: ["CREATE TABLE half (id BIGINT)", "INSERT INTO missing_table (id) VALUES (1)"])
            let failure = await #expect(throws: StorageError.self) { try await store.database.migrate([Self.schema[0], broken]) }
            #expect(failure?.reason.hasPrefix("Migration 2 (broken) failed") == true)
            let recorded = try await store.database.query("SELECT version FROM schema_migrations")
            #expect(recorded.map(\.values) == [[1]])
            await #expect(throws: StorageError.self) { try await store.database.query("SELECT id FROM half") }
        }
    }

    @Test(arguments: StorageBackendUnderTest.all)
    func migrationsMustBeListedInAscendingVersionOrder(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            let unordered = await #expect(throws: StorageError.self) { try await store.database.migrate([Self.schema[1], Self.schema[0]]) }
            #expect(unordered?.code == .invalidMigrations)
            try await store.database.migrate([Self.schema[0], Self.schema[2]])
            let inserted = await #expect(throws: StorageError.self) { try await store.database.migrate(Self.schema) }
            #expect(inserted?.code == .invalidMigrations)
        }
    }

    @Test(arguments: StorageBackendUnderTest.all)
    func serversMigratingAtOnceApplyEachMigrationOnce(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            let servers = try [store.database] + (1..<4).map { _ in try store.openAnotherHandle() }
            let applied = try await withThrowingTaskGroup(of: [Int].self) { group in
                for server in servers {
                    group.addTask { try await server.migrate(Self.schema).map(\.version) }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(applied.sorted() == [1, 2, 3])
            #expect(try await store.database.queryFirst("SELECT COUNT(*) AS n FROM schema_migrations")?.int("n") == 3)
        }
    }
}
