import Foundation
import StoreStorage
import Synchronization

/// A fresh database for one test: a SQLite file in its own temporary directory, a new in-memory SQLite
/// database, or a new schema on the PostgreSQL test server, so tests and test processes never share tables.
final class TestStore: Sendable {
    /// The database under test.
    let database: any SQLDatabase
    private let kind: StorageBackendUnderTest.Kind
    private let location: String
    private let extraConnections = Mutex<[any SQLDatabase]>([])

    private init(database: any SQLDatabase, kind: StorageBackendUnderTest.Kind, location: String) {
        self.database = database
        self.kind = kind
        self.location = location
    }

    static func make(on kind: StorageBackendUnderTest.Kind) async throws -> TestStore {
        switch kind {
        case .sqliteFile:
            let directory = FileManager.default.temporaryDirectory.appending(path: "tienda-storage-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let path = directory.appending(path: "store.sqlite").path
            return TestStore(database: try SQLiteDatabase(path: path), kind: kind, location: path)
        case .sqliteInMemory:
            return TestStore(database: try SQLiteDatabase.inMemory(), kind: kind, location: ":memory:")
        case .postgreSQL(let connectionString):
            let schema = "test_\(UUID().uuidString.lowercased().replacing("-", with: ""))"
            let administrator = try PostgreSQLDatabase(connectionString: connectionString, poolSize: 1)
            try await administrator.execute("CREATE SCHEMA \(schema)")
            await administrator.close()
            let database = try PostgreSQLDatabase(connectionString: connectionString, poolSize: 4, searchPath: schema)
            return TestStore(database: database, kind: kind, location: schema)
        }
    }

    /// Another handle on the same database, as a second server or process would open it (the same handle for
    /// an in-memory database, which only its creator can reach).
    func openAnotherHandle() throws -> any SQLDatabase {
        let handle: any SQLDatabase
        switch kind {
        case .sqliteFile: handle = try SQLiteDatabase(path: location)
        case .sqliteInMemory: return database
        case .postgreSQL(let connectionString):
            handle = try PostgreSQLDatabase(connectionString: connectionString, poolSize: 2, searchPath: location)
        }
        extraConnections.withLock { $0.append(handle) }
        return handle
    }

    /// Closes every handle and deletes the database.
    func remove() async throws {
        for handle in extraConnections.withLock({ $0 }) { await handle.close() }
        await database.close()
        switch kind {
        case .sqliteFile:
            try FileManager.default.removeItem(at: URL(filePath: location).deletingLastPathComponent())
        case .sqliteInMemory:
            break
        case .postgreSQL(let connectionString):
            let administrator = try PostgreSQLDatabase(connectionString: connectionString, poolSize: 1)
            try await administrator.execute("DROP SCHEMA \(location) CASCADE")
            await administrator.close()
        }
    }
}
