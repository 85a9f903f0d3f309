import StoreStorage
import Testing

extension StorageTests {
    @Test(arguments: StorageBackendUnderTest.all)
    func concurrentReadThenWriteTransactionsLoseNoUpdate(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            try await store.database.execute("CREATE TABLE counters (name TEXT PRIMARY KEY, value BIGINT NOT NULL)")
            try await store.database.execute("INSERT INTO counters (name, value) VALUES ('hits', 0)")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<200 {
                    group.addTask {
                        try await store.database.transaction { transaction in
                            let value = try transaction.queryFirst("SELECT value FROM counters WHERE name = 'hits'")?.int64("value") ?? 0
                            try transaction.execute("UPDATE counters SET value = ? WHERE name = 'hits'", [.integer(value + 1)])
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await store.database.queryFirst("SELECT value FROM counters")?.int64("value") == 200)
        }
    }

    @Test(arguments: StorageBackendUnderTest.all)
    func groupCommitPersistsExactlyTheWritesThatSucceeded(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            try await store.database.execute("CREATE TABLE notifications (uuid TEXT PRIMARY KEY, sequence BIGINT NOT NULL)")
            try await store.database.execute("INSERT INTO notifications (uuid, sequence) VALUES ('seed', -1)")
            let batcher = WriteBatcher(database: store.database)
            // Every tenth write inserts and then throws; every tenth (offset 5) collides with the seed row.
            let outcomes = await withTaskGroup(of: (Int, Result<Int, any Error>).self) { group in
                for index in 0..<1000 {
                    group.addTask {
                        do {
                            let value = try await batcher.write { transaction in
                                try transaction.execute("INSERT INTO notifications (uuid, sequence) VALUES (?, ?)", ["n\(index)", SQLValue(index)])
                                if index % 10 == 0 { throw ExpectedFailure(index: index) }
                                if index % 10 == 5 {
                                    try transaction.execute("INSERT INTO notifications (uuid, sequence) VALUES ('seed', ?)", [SQLValue(index)])
                                }
                                return index
                            }
                            return (index, .success(value))
                        } catch {
                            return (index, .failure(error))
                        }
                    }
                }
                return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
            }
            for (index, outcome) in outcomes {
                switch (index % 10, outcome) {
                case (0, .failure(let error)): #expect(error as? ExpectedFailure == ExpectedFailure(index: index))
                case (5, .failure(let error)): #expect((error as? StorageError)?.code == .uniqueViolation)
                case (_, .success(let value)): #expect(value == index)
                default: Issue.record("write \(index) ended with \(outcome)")
                }
            }
            let stored = try await store.database.query("SELECT sequence FROM notifications WHERE uuid <> 'seed' ORDER BY sequence")
            let expected = (0..<1000).filter { $0 % 10 != 0 && $0 % 10 != 5 }
            #expect(try stored.map { try $0.int("sequence") } == expected)
            let statistics = await batcher.statistics
            #expect(statistics.committedWrites == 800)
            #expect(statistics.rejectedWrites == 200)
            #expect(statistics.committedBatches < 1000, "writes should share commits")
        }
    }

    @Test(arguments: StorageBackendUnderTest.all)
    func groupCommitAnswersEachWriterWithItsOwnResult(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            try await store.database.execute("CREATE TABLE events (id \(store.database.dialect.autoincrementPrimaryKey), name TEXT NOT NULL)")
            let batcher = WriteBatcher(database: store.database, maximumBatchSize: 64)
            let answers = try await withThrowingTaskGroup(of: (String, Int64).self) { group in
                for index in 0..<500 {
                    group.addTask {
                        let id = try await batcher.write { transaction in
                            try transaction.queryFirst("INSERT INTO events (name) VALUES (?) RETURNING id", ["event \(index)"])?.int64("id")
                        }
                        return ("event \(index)", try #require(id))
                    }
                }
                return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
            }
            let stored = try await store.database.query("SELECT id, name FROM events")
            #expect(try Dictionary(uniqueKeysWithValues: stored.map { (try $0.string("name"), try $0.int64("id")) }) == answers)
            let statistics = await batcher.statistics
            #expect(statistics.committedWrites == 500)
            #expect(statistics.committedBatches >= 8)
        }
    }

    @Test(arguments: StorageBackendUnderTest.all)
    func aWriteThatCarriesOnAfterAFailedStatementFailsAlone(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            try await store.database.execute("CREATE TABLE credits (transaction_id TEXT PRIMARY KEY)")
            try await store.database.execute("INSERT INTO credits (transaction_id) VALUES ('taken')")
            let batcher = WriteBatcher(database: store.database)
            let results = await withTaskGroup(of: Bool.self) { group in
                for index in 0..<50 {
                    group.addTask {
                        do {
                            try await batcher.write { transaction in
                                if index == 25 { _ = try? transaction.execute("INSERT INTO credits (transaction_id) VALUES ('taken')") }
                                try transaction.execute("INSERT INTO credits (transaction_id) VALUES (?)", ["t\(index)"])
                            }
                            return true
                        } catch {
                            return false
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.filter { !$0 }.count == 1)
            #expect(try await store.database.queryFirst("SELECT COUNT(*) AS n FROM credits")?.int("n") == 50)
            #expect(try await store.database.queryFirst("SELECT 1 AS found FROM credits WHERE transaction_id = 't25'") == nil)
        }
    }
}
