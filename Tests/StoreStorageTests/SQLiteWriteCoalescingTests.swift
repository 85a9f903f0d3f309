import CSQLite
import Foundation
import StoreStorage
import Testing

/// The VFS layer that gathers contiguous writes (``SQLiteDatabase/Configuration/coalescesWrites``): what another
/// connection reads from the files must be what it would read had each write gone to the file at once. The
/// other connection here opens the file with SQLite's default VFS, so it sees only what reached the file.
@Suite struct SQLiteWriteCoalescingTests {
    @Test func aFileDatabaseNamesTheVFSItWasOpenedWith() async throws {
        try await withTemporaryDirectory(named: "tienda-coalescing") { directory in
            let coalescing = try SQLiteDatabase(path: directory.appending(path: "coalescing.sqlite").path)
            #expect(coalescing.vfsName == "tienda-coalescing/unix")
            await coalescing.close()
            let plain = try SQLiteDatabase(
                path: directory.appending(path: "plain.sqlite").path, configuration: .init(coalescesWrites: false))
            #expect(plain.vfsName == "unix")
            await plain.close()
            #expect(try SQLiteDatabase.inMemory().vfsName == nil)
        }
    }

    @Test(arguments: [SQLiteDatabase.Durability.full, .normal], [true, false])
    func everyCommitIsInTheFilesWhenItReturnsThroughCheckpoints(
        durability: SQLiteDatabase.Durability, coalescesWrites: Bool
    ) async throws {
        try await withTemporaryDirectory(named: "tienda-coalescing") { directory in
            let path = directory.appending(path: "store.sqlite").path
            let database = try SQLiteDatabase(
                path: path, configuration: .init(durability: durability, coalescesWrites: coalescesWrites))
            try await database.execute("CREATE TABLE rows (id INTEGER PRIMARY KEY, body BLOB NOT NULL)")
            let reader = try RawConnection(path: path)
            var expected = (rows: 0, bytes: 0)
            for commit in 1...60 {
                // Each commit appends a few frames to the log and rewrites some pages written by the one before.
                let count = commit % 7 + 1
                let size = commit * 300
                try await database.transaction { transaction in
                    try transaction.execute(
                        "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ?) "
                            + "INSERT INTO rows (body) SELECT randomblob(?) FROM n",
                        [.integer(Int64(count)), .integer(Int64(size))])
                }
                expected = (expected.rows + count, expected.bytes + count * size)
                #expect(try reader.integers("SELECT count(*), sum(length(body)) FROM rows") == [expected.rows, expected.bytes])
                if commit % 10 == 0 {
                    // A checkpoint while the reader holds an older snapshot copies only part of the log; a reader
                    // that starts afterwards reads the copied pages from the database file.
                    try reader.execute("BEGIN")
                    let snapshot = try reader.integers("SELECT count(*) FROM rows")
                    try await database.transaction { transaction in
                        try transaction.execute("INSERT INTO rows (body) VALUES (randomblob(5000))")
                    }
                    expected = (expected.rows + 1, expected.bytes + 5000)
                    _ = try await database.query("PRAGMA wal_checkpoint(PASSIVE)")
                    #expect(try reader.integers("SELECT count(*) FROM rows") == snapshot)
                    try reader.execute("COMMIT")
                    _ = try await database.query("PRAGMA wal_checkpoint(PASSIVE)")
                    #expect(try reader.integers("SELECT count(*), sum(length(body)) FROM rows") == [expected.rows, expected.bytes])
                }
            }
            _ = try await database.query("PRAGMA wal_checkpoint(TRUNCATE)")
            #expect(try reader.integers("SELECT count(*), sum(length(body)) FROM rows") == [expected.rows, expected.bytes])
            #expect(try reader.texts("PRAGMA integrity_check") == ["ok"])
            reader.close()
            await database.close()
        }
    }

    @Test(arguments: [true, false])
    func aTransactionThatOutgrowsThePageCacheIsSeenWholeOrNotAtAll(coalescesWrites: Bool) async throws {
        try await withTemporaryDirectory(named: "tienda-coalescing") { directory in
            let path = directory.appending(path: "store.sqlite").path
            let database = try SQLiteDatabase(path: path, configuration: .init(coalescesWrites: coalescesWrites))
            try await database.execute("CREATE TABLE rows (id INTEGER PRIMARY KEY, body BLOB NOT NULL)")
            // With eight pages of cache, SQLite writes the transaction's pages to the log before it commits, reads
            // some back, and overwrites frames it wrote earlier in the same transaction.
            try await database.execute("PRAGMA cache_size = 8")
            let reader = try RawConnection(path: path)
            let seenDuring = try await database.transaction { transaction in
                for _ in 0..<4 {
                    try transaction.execute(
                        "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 100) "
                            + "INSERT INTO rows (body) SELECT randomblob(2000) FROM n")
                    try transaction.execute("UPDATE rows SET body = randomblob(1500) WHERE id % 3 = 0")
                }
                return try reader.integers("SELECT count(*) FROM rows")
            }
            #expect(seenDuring == [0])
            #expect(try reader.integers("SELECT count(*) FROM rows") == [400])

            struct Abandoned: Error {}
            await #expect(throws: Abandoned.self) {
                try await database.transaction { transaction in
                    try transaction.execute(
                        "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 300) "
                            + "INSERT INTO rows (body) SELECT randomblob(2000) FROM n")
                    throw Abandoned()
                }
            }
            #expect(try reader.integers("SELECT count(*) FROM rows") == [400])
            #expect(try await database.queryFirst("SELECT count(*) AS rows FROM rows")?.int("rows") == 400)
            #expect(try reader.texts("PRAGMA integrity_check") == ["ok"])
            reader.close()
            await database.close()
        }
    }
}

/// A second connection to a database file through SQLite's C API and its default VFS.
private final class RawConnection: @unchecked Sendable {
    private var handle: OpaquePointer?

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(path: String) throws {
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
            throw Failure(description: "cannot open \(path)")
        }
    }

    func execute(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else { throw failure(sql) }
    }

    /// The first row's columns as integers.
    func integers(_ sql: String) throws -> [Int] {
        try firstRow(sql) { statement, column in Int(sqlite3_column_int64(statement, column)) }
    }

    /// The first row's columns as text.
    func texts(_ sql: String) throws -> [String] {
        try firstRow(sql) { statement, column in String(cString: sqlite3_column_text(statement, column)) }
    }

    func close() {
        sqlite3_close_v2(handle)
        handle = nil
    }

    private func firstRow<T>(_ sql: String, _ value: (OpaquePointer?, Int32) -> T) throws -> [T] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else { throw failure(sql) }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { throw failure(sql) }
        return (0..<sqlite3_column_count(statement)).map { value(statement, $0) }
    }

    private func failure(_ sql: String) -> Failure {
        Failure(description: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
    }
}
