import Foundation
import StoreStorage
import Testing

/// The databases the migration suites run on: SQLite always, PostgreSQL when `TIENDA_PG_CONNINFO` names a
/// server.
enum MigrationBackend: String, CaseIterable, CustomTestStringConvertible {
    case sqlite, postgreSQL

    var testDescription: String { rawValue }

    /// The backends available here.
    static var available: [MigrationBackend] {
        ProcessInfo.processInfo.environment["TIENDA_PG_CONNINFO"].map { $0.isEmpty ? [.sqlite] : allCases } ?? [.sqlite]
    }

    /// A fresh database on this backend (a new file, or a new schema), removed after `body`.
    func withDatabase(_ body: (any SQLDatabase) async throws -> Void) async throws {
        switch self {
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory.appending(path: "tienda-migration-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let database = try SQLiteDatabase(path: directory.appending(path: "engine.sqlite").path)
            do { try await body(database) } catch {
                await database.close()
                throw error
            }
            await database.close()
        case .postgreSQL:
            let connection = try #require(ProcessInfo.processInfo.environment["TIENDA_PG_CONNINFO"])
            let schema = "engine_\(UUID().uuidString.lowercased().replacing("-", with: ""))"
            let administrator = try PostgreSQLDatabase(connectionString: connection, poolSize: 1)
            try await administrator.execute("CREATE SCHEMA \(schema)")
            let database = try PostgreSQLDatabase(connectionString: connection, poolSize: 2, searchPath: schema)
            var failure: (any Error)?
            do { try await body(database) } catch { failure = error }
            await database.close()
            try await administrator.execute("DROP SCHEMA \(schema) CASCADE")
            await administrator.close()
            if let failure { throw failure }
        }
    }
}
