import Foundation
import StoreStorage
import Testing

/// A backend the storage suite runs on: a SQLite file, SQLite in memory, and PostgreSQL when
/// `TIENDA_PG_CONNINFO` holds a connection string (see Scripts/postgres-test-cluster.sh).
struct StorageBackendUnderTest: Sendable, CustomTestStringConvertible {
    enum Kind: Sendable {
        case sqliteFile
        case sqliteInMemory
        case postgreSQL(connectionString: String)
    }

    let kind: Kind

    static let sqliteFile = StorageBackendUnderTest(kind: .sqliteFile)
    static let sqliteInMemory = StorageBackendUnderTest(kind: .sqliteInMemory)

    /// PostgreSQL, when the environment names a server.
    static var postgreSQL: StorageBackendUnderTest? {
        postgreSQLConnectionString.map { StorageBackendUnderTest(kind: .postgreSQL(connectionString: $0)) }
    }

    /// The connection string of the test server, if there is one.
    static var postgreSQLConnectionString: String? {
        ProcessInfo.processInfo.environment["TIENDA_PG_CONNINFO"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Every backend available in this environment.
    static var all: [StorageBackendUnderTest] {
        [.sqliteFile, .sqliteInMemory] + (postgreSQL.map { [$0] } ?? [])
    }

    var testDescription: String {
        switch kind {
        case .sqliteFile: "SQLite file"
        case .sqliteInMemory: "SQLite in memory"
        case .postgreSQL: "PostgreSQL"
        }
    }

    /// Runs `body` with a fresh, empty store on this backend, then closes and removes it, whether the body
    /// returns or throws.
    func withStore<T>(_ body: (TestStore) async throws -> T) async throws -> T {
        let store = try await TestStore.make(on: kind)
        let result: Result<T, any Error>
        do {
            result = .success(try await body(store))
        } catch {
            result = .failure(error)
        }
        try await store.remove()
        return try result.get()
    }
}
