import CSQLite
import Foundation
import StoreStorage
import Testing
import TiendaTestSupport

@Suite struct SQLiteDatabaseTests {
    @Test(arguments: [SQLiteDatabase.Durability.full, .normal])
    func aFileDatabaseOpensInWALModeWithForeignKeysTemporaryStorageInMemoryAndTheChosenDurability(
        durability: SQLiteDatabase.Durability
    ) async throws {
        try await withTemporaryDirectory(named: "tienda-sqlite") { directory in
            let database = try SQLiteDatabase(path: directory.appending(path: "store.sqlite").path, configuration: .init(durability: durability))
            #expect(try await database.queryFirst("PRAGMA journal_mode")?.string("journal_mode") == "wal")
            #expect(try await database.queryFirst("PRAGMA synchronous")?.int("synchronous") == (durability == .full ? 2 : 1))
            #expect(try await database.queryFirst("PRAGMA foreign_keys")?.int("foreign_keys") == 1)
            #expect(try await database.queryFirst("PRAGMA busy_timeout")?.values == [5000])
            // Statement journals and temporary tables in memory: 2 is MEMORY.
            #expect(try await database.queryFirst("PRAGMA temp_store")?.int("temp_store") == 2)
            await database.close()
        }
    }

    @Test func reopeningAFileFindsTheCommittedRowsAndNotAnUnfinishedTransaction() async throws {
        try await withTemporaryDirectory(named: "tienda-sqlite") { directory in
            let path = directory.appending(path: "store.sqlite").path
            let database = try SQLiteDatabase(path: path)
            try await database.execute("CREATE TABLE ledger (entry TEXT NOT NULL)")
            try await database.transaction { transaction in try transaction.execute("INSERT INTO ledger (entry) VALUES ('committed')") }
            await database.close()

            // Another connection writes inside a transaction and goes away without committing.
            var handle: OpaquePointer?
            #expect(sqlite3_open(path, &handle) == SQLITE_OK)
            #expect(sqlite3_exec(handle, "BEGIN; INSERT INTO ledger (entry) VALUES ('unfinished');", nil, nil, nil) == SQLITE_OK)
            sqlite3_close_v2(handle)

            let reopened = try SQLiteDatabase(path: path)
            #expect(try await reopened.query("SELECT entry FROM ledger").map(\.values) == [["committed"]])
            await reopened.close()
        }
    }

    @Test(arguments: ["full", "normal"])
    func aKilledWriterLosesNoAcknowledgedWriteAndLeavesNoHalfTransaction(durability: String) async throws {
        let probe = URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "tienda-storage-crash-probe")
        try #require(FileManager.default.isExecutableFile(atPath: probe.path), "build the probe with swift build --build-tests")
        try await withTemporaryDirectory(named: "tienda-sqlite") { directory in
            let path = directory.appending(path: "store.sqlite").path
            let output = directory.appending(path: "probe.out")
            let errors = directory.appending(path: "probe.err")
            try #require(FileManager.default.createFile(atPath: output.path, contents: nil))
            try #require(FileManager.default.createFile(atPath: errors.path, contents: nil))
            let process = ChildProcess()
            process.executableURL = probe
            process.arguments = [path, "100", durability]
            process.standardOutput = try FileHandle(forWritingTo: output)
            process.standardError = try FileHandle(forWritingTo: errors)
            try process.run()
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(60)
            while try !String(contentsOf: output, encoding: .utf8).contains("holding") && process.isRunning && clock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            kill(process.processIdentifier, SIGKILL)
            while process.isRunning { try await Task.sleep(for: .milliseconds(10)) }
            #expect(process.terminationReason == .uncaughtSignal)

            let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
            let probeErrors = try String(contentsOf: errors, encoding: .utf8)
            #expect(lines.last == "holding", "the probe wrote to stderr: \(probeErrors)")
            let acknowledged = lines.compactMap { $0.hasPrefix("acknowledged ") ? Int64($0.dropFirst(13)) : nil }
            #expect(acknowledged.count == 200)
            let database = try SQLiteDatabase(path: path)
            #expect(try await database.queryFirst("PRAGMA integrity_check")?.values == ["ok"])
            let stored = try await database.query("SELECT sequence FROM acknowledged ORDER BY sequence").map { try $0.int64("sequence") }
            #expect(stored == acknowledged.sorted())
            #expect(lines.contains("bulk 500"))
            #expect(try await database.queryFirst("SELECT count(*) AS rows FROM bulk")?.int("rows") == 500)
            await database.close()
        }
    }

    @Test func aDatabaseInAMissingDirectoryFailsToOpenNamingThePath() throws {
        let path = FileManager.default.temporaryDirectory.appending(path: "tienda-missing-\(UUID().uuidString)/store.sqlite").path
        let error = #expect(throws: StorageError.self) { try SQLiteDatabase(path: path) }
        #expect(error?.code == .openFailed)
        #expect(error?.reason.contains(path) == true)
        #expect(error?.reason.contains("directory exists") == true)
    }

    @Test func aClosedDatabaseRefusesWork() async throws {
        let database = try SQLiteDatabase.inMemory()
        await database.close()
        let error = await #expect(throws: StorageError.self) { try await database.query("SELECT 1") }
        #expect(error?.code == .closed)
    }
}
