import StoreStorage
import Synchronization
import Testing

extension StorageTests {
    @Test(arguments: StorageBackendUnderTest.all)
    func commitsFlushedLaterAreReportedDurableOnceInCommitOrder(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            try await store.database.execute("CREATE TABLE items (id BIGINT PRIMARY KEY)")
            let reports = Mutex<[Int]>([])
            for index in 0..<20 {
                try await store.database.transaction(
                    isolation: .serializable,
                    flushingLater: { failure in
                        #expect(failure == nil)
                        reports.withLock { $0.append(index) }
                    }
                ) { transaction in
                    try transaction.execute("INSERT INTO items (id) VALUES (?)", [SQLValue(index)])
                }
                // The commit is visible as soon as the call returns, flushed or not.
                #expect(try await store.database.queryFirst("SELECT COUNT(*) AS n FROM items")?.int64("n") == Int64(index + 1))
            }
            // A transaction that throws commits nothing and is never reported durable.
            await #expect(throws: ExpectedFailure.self) {
                try await store.database.transaction(
                    isolation: .serializable, flushingLater: { _ in reports.withLock { $0.append(-1) } }
                ) { transaction in
                    try transaction.execute("INSERT INTO items (id) VALUES (100)")
                    throw ExpectedFailure(index: 100)
                }
            }
            // A write through a batcher is answered only after its flush: the last report is in before it returns.
            let batcher = WriteBatcher(database: store.database)
            try await batcher.write { transaction in try transaction.execute("INSERT INTO items (id) VALUES (200)") }
            #expect(reports.withLock { $0 } == Array(0..<20))
            #expect(try await store.database.queryFirst("SELECT COUNT(*) AS n FROM items")?.int64("n") == 21)
        }
    }
}
