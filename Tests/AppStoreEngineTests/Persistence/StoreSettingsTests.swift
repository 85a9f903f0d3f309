import StoreModel
import StoreStorage
import Testing

@testable import AppStoreEngine

/// The SQLite settings the engine gives its store when it opens it.
@Suite struct StoreSettingsTests {
    @Test func aSQLiteStoreGetsTheEnginesCacheCheckpointAndDeletionSettings() async throws {
        try await MigrationBackend.sqlite.withDatabase { database in
            let engine = try await AppStoreEngine(configuration: .init(storage: .database(database), clock: VirtualClock()))
            // Debian's SQLite starts with secure deletion on; the engine turns it off.
            #expect(try await database.queryFirst("PRAGMA secure_delete")?.values.first == .integer(0))
            #expect(try await database.queryFirst("PRAGMA cache_size")?.values.first == .integer(-65_536))
            #expect(try await database.queryFirst("PRAGMA wal_autocheckpoint")?.values.first == .integer(8_192))
            await engine.close()
        }
    }
}
