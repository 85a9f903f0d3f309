import EntitlementServer
import Foundation
import StoreStorage
import Testing

/// A backend the suites run on: SQLite (a file, with WAL) always, and PostgreSQL when `TIENDA_PG_CONNINFO` names
/// a server (`make test` starts one). Each test gets a fresh database (a new file, or a new schema).
struct Backend: Sendable, CustomTestStringConvertible {
    enum Kind: Sendable {
        case sqliteInMemory
        case sqlite
        case postgreSQL(String)
    }

    let kind: Kind

    static var postgreSQLConnectionString: String? {
        ProcessInfo.processInfo.environment["TIENDA_PG_CONNINFO"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// SQLite in memory: for suites about logic that run many thousands of writes.
    static let inMemory = Backend(kind: .sqliteInMemory)

    /// Every backend available here.
    static var all: [Backend] {
        [Backend(kind: .sqlite)] + (postgreSQLConnectionString.map { [Backend(kind: .postgreSQL($0))] } ?? [])
    }

    var testDescription: String {
        switch kind {
        case .sqliteInMemory: "SQLite in memory"
        case .sqlite: "SQLite"
        case .postgreSQL: "PostgreSQL"
        }
    }

    /// Runs `body` with `count` independent connections to one fresh database (as several servers sharing it
    /// would have), then removes it. SQLite in memory cannot be shared, so it runs as a SQLite file.
    func withSharedDatabase<T>(connections count: Int, _ body: ([any SQLDatabase]) async throws -> T) async throws -> T {
        var opened: [any SQLDatabase] = []
        let result: Result<T, any Error>
        switch kind {
        case .sqliteInMemory, .sqlite:
            let directory = FileManager.default.temporaryDirectory.appending(path: "tienda-ent-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            do {
                for _ in 0..<count { opened.append(try SQLiteDatabase(path: directory.appending(path: "entitlements.sqlite").path)) }
                result = .success(try await body(opened))
            } catch {
                result = .failure(error)
            }
            for database in opened { await database.close() }
        case .postgreSQL(let connection):
            let schema = "ent_\(UUID().uuidString.lowercased().replacing("-", with: ""))"
            let administrator = try PostgreSQLDatabase(connectionString: connection, poolSize: 1)
            try await administrator.execute("CREATE SCHEMA \(schema)")
            do {
                for _ in 0..<count {
                    opened.append(try PostgreSQLDatabase(connectionString: connection, poolSize: 4, searchPath: schema))
                }
                result = .success(try await body(opened))
            } catch {
                result = .failure(error)
            }
            for database in opened { await database.close() }
            try await administrator.execute("DROP SCHEMA \(schema) CASCADE")
            await administrator.close()
        }
        return try result.get()
    }

    /// Runs `body` with a fresh migrated database, then removes it.
    func withDatabase<T>(_ body: (any SQLDatabase) async throws -> T) async throws -> T {
        switch kind {
        case .sqliteInMemory:
            let database = try SQLiteDatabase.inMemory()
            let result: Result<T, any Error>
            do { result = .success(try await body(database)) } catch { result = .failure(error) }
            await database.close()
            return try result.get()
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory.appending(path: "tienda-ent-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let database = try SQLiteDatabase(path: directory.appending(path: "entitlements.sqlite").path)
            let result: Result<T, any Error>
            do { result = .success(try await body(database)) } catch { result = .failure(error) }
            await database.close()
            return try result.get()
        case .postgreSQL(let connection):
            let schema = "ent_\(UUID().uuidString.lowercased().replacing("-", with: ""))"
            let administrator = try PostgreSQLDatabase(connectionString: connection, poolSize: 1)
            try await administrator.execute("CREATE SCHEMA \(schema)")
            let database = try PostgreSQLDatabase(connectionString: connection, poolSize: 4, searchPath: schema)
            let result: Result<T, any Error>
            do { result = .success(try await body(database)) } catch { result = .failure(error) }
            await database.close()
            try await administrator.execute("DROP SCHEMA \(schema) CASCADE")
            await administrator.close()
            return try result.get()
        }
    }
}
