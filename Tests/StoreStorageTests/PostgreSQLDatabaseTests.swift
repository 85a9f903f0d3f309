import StoreStorage
import Testing

@Suite struct PostgreSQLDatabaseTests {
    @Test func anUnreachableServerFailsNamingItsAddressButNotThePassword() async throws {
        let database = try PostgreSQLDatabase(connectionString: "postgresql://tienda:s3cret-password@127.0.0.1:1/entitlements", poolSize: 1)
        let error = await #expect(throws: StorageError.self) { try await database.query("SELECT 1") }
        #expect(error?.code == .connectionFailed)
        #expect(error?.description.contains("127.0.0.1:1") == true)
        #expect(error?.description.contains("database entitlements") == true)
        #expect(error?.description.contains("s3cret") == false)
        let again = await #expect(throws: StorageError.self) { try await database.query("SELECT 1") }
        #expect(again?.code == .connectionFailed)
        await database.close()
    }

    @Test func aMalformedConnectionStringIsRefusedAtOnce() {
        let error = #expect(throws: StorageError.self) { try PostgreSQLDatabase(connectionString: "host=localhost port") }
        #expect(error?.code == .invalidConfiguration)
    }

    @Test(.enabled(if: StorageBackendUnderTest.postgreSQL != nil, "TIENDA_PG_CONNINFO names no PostgreSQL server"))
    func aConnectionTheServerClosedIsReplacedBeforeTheNextOperation() async throws {
        let connectionString = try #require(StorageBackendUnderTest.postgreSQLConnectionString)
        let database = try PostgreSQLDatabase(connectionString: connectionString, poolSize: 1)
        let administrator = try PostgreSQLDatabase(connectionString: connectionString, poolSize: 1)
        let first = try #require(try await database.queryFirst("SELECT pg_backend_pid() AS pid")?.int64("pid"))
        let terminated = try await administrator.queryFirst("SELECT pg_terminate_backend(CAST(? AS INTEGER)) AS done", [.integer(first)])
        #expect(try terminated?.bool("done") == true)
        // The server closes the socket shortly after; wait until the backend is gone.
        while try await administrator.queryFirst("SELECT 1 AS alive FROM pg_stat_activity WHERE pid = ?", [.integer(first)]) != nil {
            try await Task.sleep(for: .milliseconds(10))
        }
        let second = try await database.queryFirst("SELECT pg_backend_pid() AS pid")?.int64("pid")
        #expect(second != nil && second != first)
        await database.close()
        await administrator.close()
    }
}
