import Foundation
import StoreStorage
import Testing

/// `SQLTransaction.pipeline`: statements sent together (one round trip on PostgreSQL), run in order, and a failure
/// in the middle that stops the rest and rolls back like any failed statement.
extension StorageTests {
    @Test(arguments: StorageBackendUnderTest.all)
    func aPipelineRunsItsStatementsInOrderAndReturnsEachResult(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            try await store.database.execute("CREATE TABLE credits (transaction_id TEXT PRIMARY KEY, amount BIGINT NOT NULL)")
            let results = try await store.database.transaction { transaction in
                try transaction.pipeline([
                    SQLStatement("INSERT INTO credits (transaction_id, amount) VALUES (?, ?), (?, ?)", ["a", 10, "b", 20]),
                    SQLStatement("INSERT INTO credits (transaction_id, amount) VALUES (?, ?) ON CONFLICT (transaction_id) DO NOTHING", ["a", 99]),
                    SQLStatement("UPDATE credits SET amount = amount + ? WHERE transaction_id = ? RETURNING amount", [5, "b"]),
                    SQLStatement("SELECT transaction_id, amount FROM credits ORDER BY transaction_id"),
                    SQLStatement("DELETE FROM credits WHERE transaction_id = ?", ["nothing"]),
                ])
            }
            #expect(results.map(\.changedRowCount) == [2, 0, 1, 0, 0])
            #expect(try results[2].rows.map { try $0.int64("amount") } == [25])
            #expect(try results[3].rows.map { try $0.string("transaction_id") } == ["a", "b"])
            #expect(try results[3].rows.map { try $0.int64("amount") } == [10, 25])
            #expect(results[0].rows.isEmpty)
            let empty = try await store.database.transaction { transaction in try transaction.pipeline([]) }
            #expect(empty.isEmpty)
        }
    }

    @Test(arguments: StorageBackendUnderTest.all)
    func aFailureInTheMiddleOfAPipelineStopsTheRestReportsItsStatementAndRollsBack(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            try await store.database.execute("CREATE TABLE credits (transaction_id TEXT PRIMARY KEY, amount BIGINT NOT NULL)")
            try await store.database.execute("INSERT INTO credits (transaction_id, amount) VALUES ('taken', 1)")
            let duplicate = "INSERT INTO credits (transaction_id, amount) VALUES (?, ?)"
            let failure = await #expect(throws: StorageError.self) {
                try await store.database.transaction { transaction in
                    try transaction.pipeline([
                        SQLStatement("INSERT INTO credits (transaction_id, amount) VALUES (?, ?)", ["first", 10]),
                        SQLStatement(duplicate, ["taken", 20]),
                        SQLStatement("INSERT INTO credits (transaction_id, amount) VALUES (?, ?)", ["third", 30]),
                        SQLStatement("UPDATE credits SET amount = 0"),
                    ])
                }
            }
            #expect(failure?.code == .uniqueViolation)
            #expect(failure?.sql == duplicate)
            #expect(failure?.reason.contains("Statement 2 of 4") == true)
            #expect(failure?.reason.contains("the 2 after it did not run") == true)
            #expect(try await Self.credits(in: store.database) == ["taken": 1])

            // The connections carry on: every pooled connection runs a pipeline and commits.
            for round in 0..<8 {
                try await store.database.transaction { transaction in
                    _ = try transaction.pipeline([
                        SQLStatement("INSERT INTO credits (transaction_id, amount) VALUES (?, ?)", [.text("after-\(round)"), 1]),
                        SQLStatement("SELECT COUNT(*) AS n FROM credits"),
                    ])
                }
            }
            #expect(try await Self.credits(in: store.database).count == 9)
        }
    }

    @Test(arguments: StorageBackendUnderTest.all)
    func aFailedStatementEndsTheTransactionAfterItsPipeline(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            try await store.database.execute("CREATE TABLE credits (transaction_id TEXT PRIMARY KEY, amount BIGINT NOT NULL)")
            let failure = await #expect(throws: StorageError.self) {
                try await store.database.transaction { transaction in
                    _ = try? transaction.pipeline([
                        SQLStatement("INSERT INTO credits (transaction_id, amount) VALUES (?, ?)", ["a", 1]),
                        SQLStatement("INSERT INTO credits (transaction_id) VALUES (?)", ["no amount"]),
                    ])
                    // The body swallowed the error; the next statement is refused, and the transaction rolls back.
                    try transaction.execute("INSERT INTO credits (transaction_id, amount) VALUES (?, ?)", ["b", 2])
                }
            }
            #expect(failure?.code == .transactionAborted)
            #expect(failure?.reason.contains("constraintViolation") == true)
            #expect(try await Self.credits(in: store.database).isEmpty)
        }
    }

    @Test(arguments: StorageBackendUnderTest.all)
    func aPipelineThatFailsInASavepointRollsBackOnlyTheSavepoint(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            try await store.database.execute("CREATE TABLE credits (transaction_id TEXT PRIMARY KEY, amount BIGINT NOT NULL)")
            let kept = try await store.database.transaction { transaction in
                try transaction.execute("INSERT INTO credits (transaction_id, amount) VALUES (?, ?)", ["kept", 1])
                let failure = #expect(throws: StorageError.self) {
                    try transaction.savepoint {
                        try transaction.pipeline([
                            SQLStatement("INSERT INTO credits (transaction_id, amount) VALUES (?, ?)", ["undone", 2]),
                            SQLStatement("INSERT INTO credits (transaction_id, amount) VALUES (?, ?)", ["kept", 3]),
                        ])
                    }
                }
                #expect(failure?.code == .uniqueViolation)
                return try transaction.pipeline([
                    SQLStatement("INSERT INTO credits (transaction_id, amount) VALUES (?, ?)", ["after", 4]),
                    SQLStatement("SELECT COUNT(*) AS n FROM credits"),
                ])[1].rows.first?.int64("n")
            }
            #expect(kept == 2)
            #expect(try await Self.credits(in: store.database) == ["kept": 1, "after": 4])
        }
    }

    @Test(arguments: StorageBackendUnderTest.all)
    func malformedStatementsInAPipelineAreTypedErrors(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            try await store.database.execute("CREATE TABLE credits (transaction_id TEXT PRIMARY KEY, amount BIGINT NOT NULL)")
            let syntax = await #expect(throws: StorageError.self) {
                try await store.database.transaction { transaction in
                    try transaction.pipeline([
                        SQLStatement("INSERT INTO credits (transaction_id, amount) VALUES (?, ?)", ["a", 1]),
                        SQLStatement("SELEKT amount FROM credits"),
                    ])
                }
            }
            #expect(syntax?.code == .statementFailed)
            #expect(syntax?.sql == "SELEKT amount FROM credits")
            #expect(syntax?.reason.contains("Statement 2 of 2") == true)
            let placeholders = await #expect(throws: StorageError.self) {
                try await store.database.transaction { transaction in
                    try transaction.pipeline([
                        SQLStatement("INSERT INTO credits (transaction_id, amount) VALUES (?, ?)", ["b", 2]),
                        SQLStatement("SELECT amount FROM credits WHERE transaction_id = ?", []),
                    ])
                }
            }
            #expect(placeholders?.code == .invalidStatement)
            #expect(placeholders?.reason.contains("Statement 2 of 2") == true)
            // The statement that failed to prepare is not taken for prepared: it fails the same way again.
            let again = await #expect(throws: StorageError.self) { try await store.database.query("SELEKT amount FROM credits") }
            #expect(again?.code == .statementFailed)
            #expect(try await store.database.query("SELECT amount FROM credits").isEmpty)
            #expect(try await Self.credits(in: store.database).isEmpty)
        }
    }

    @Test(arguments: StorageBackendUnderTest.all)
    func manyDistinctStatementsAndChangingParameterTypesKeepTheirMeaning(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            // More distinct statements than a connection keeps prepared, so the cache starts over along the way.
            for number in 0..<600 {
                let row = try await store.database.queryFirst("SELECT ? AS value, \(number) AS number", [.integer(Int64(number))])
                #expect(try row?.int64("value") == Int64(number))
                #expect(try row?.int64("number") == Int64(number))
            }
            // One statement with values of different types, NULL included, reads each as it was sent.
            let values: [SQLValue] = [nil, 7, "text", .real(1.5), .blob(Data([1, 2])), nil, "again", 8]
            for value in values {
                #expect(try await store.database.queryFirst("SELECT ? AS value", [value])?["value"] == value)
            }
        }
    }

    @Test(arguments: StorageBackendUnderTest.all)
    func aTableThatChangesShapeIsReadInItsNewShape(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            try await store.database.execute("CREATE TABLE accounts (id TEXT PRIMARY KEY)")
            try await store.database.execute("INSERT INTO accounts (id) VALUES ('a')")
            let select = "SELECT * FROM accounts ORDER BY id"
            for _ in 0..<3 { _ = try await store.database.query(select) }
            _ = try await store.database.transaction { transaction in try transaction.query(select) }
            try await store.database.execute("ALTER TABLE accounts ADD COLUMN region TEXT")
            try await store.database.execute("UPDATE accounts SET region = 'EU'")
            // Every pooled connection that prepared the old shape reads the new one, alone and in transactions.
            for _ in 0..<6 {
                #expect(try await store.database.query(select).first?.string("region") == "EU")
                let columns = try await store.database.transaction { transaction in try transaction.query(select).first?.columns }
                #expect(columns == ["id", "region"])
            }
        }
    }

    @Test(arguments: StorageBackendUnderTest.all)
    func aBatchedWriteWhosePipelineFailsFailsAloneWhileTheRestOfItsBatchCommits(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            try await store.database.execute("CREATE TABLE credits (transaction_id TEXT PRIMARY KEY, amount BIGINT NOT NULL)")
            try await store.database.execute("INSERT INTO credits (transaction_id, amount) VALUES ('taken', 1)")
            let batcher = WriteBatcher(database: store.database, isolation: .readCommitted)
            let colliding: Set<Int> = [7, 13]
            let outcomes = try await withThrowingTaskGroup(of: (Int, StorageError.Code?).self) { group in
                for index in 0..<20 {
                    group.addTask {
                        do {
                            try await batcher.write { transaction in
                                _ = try transaction.pipeline([
                                    SQLStatement("INSERT INTO credits (transaction_id, amount) VALUES (?, ?)", [.text("\(index)-a"), 1]),
                                    SQLStatement(
                                        "INSERT INTO credits (transaction_id, amount) VALUES (?, ?)",
                                        [.text(colliding.contains(index) ? "taken" : "\(index)-b"), 2]),
                                    SQLStatement("UPDATE credits SET amount = amount + 10 WHERE transaction_id = ?", [.text("\(index)-a")]),
                                ])
                            }
                            return (index, nil)
                        } catch let error as StorageError {
                            return (index, error.code)
                        }
                    }
                }
                var outcomes: [Int: StorageError.Code?] = [:]
                for try await (index, code) in group { outcomes[index] = code }
                return outcomes
            }
            #expect(outcomes.filter { $0.value != nil }.keys.sorted() == colliding.sorted())
            #expect(outcomes.values.allSatisfy { $0 == nil || $0 == .uniqueViolation })
            let credits = try await Self.credits(in: store.database)
            #expect(credits.count == 1 + 2 * (20 - colliding.count))
            for index in 0..<20 where !colliding.contains(index) {
                #expect(credits["\(index)-a"] == 11 && credits["\(index)-b"] == 2)
            }
            #expect(credits["7-a"] == nil && credits["13-a"] == nil && credits["taken"] == 1)
            let statistics = await batcher.statistics
            #expect(statistics.committedWrites == 18 && statistics.rejectedWrites == 2)
        }
    }

    static func credits(in database: any SQLDatabase) async throws -> [String: Int64] {
        var credits: [String: Int64] = [:]
        for row in try await database.query("SELECT transaction_id, amount FROM credits") {
            credits[try row.string("transaction_id")] = try row.int64("amount")
        }
        return credits
    }
}
