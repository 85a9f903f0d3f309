import StoreStorage
import Testing

extension StorageTests {
    @Test(arguments: StorageBackendUnderTest.all)
    func aTransactionCommitsWhenItsBodyReturns(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            try await store.database.execute("CREATE TABLE ledger (entry TEXT NOT NULL)")
            let count = try await store.database.transaction { transaction in
                try transaction.execute("INSERT INTO ledger (entry) VALUES (?)", ["first"])
                try transaction.execute("INSERT INTO ledger (entry) VALUES (?)", ["second"])
                return try transaction.queryFirst("SELECT COUNT(*) AS n FROM ledger")?.int("n")
            }
            #expect(count == 2)
            #expect(try await store.database.query("SELECT entry FROM ledger ORDER BY entry").map { try $0.string("entry") } == ["first", "second"])
        }
    }

    @Test(arguments: StorageBackendUnderTest.all)
    func aTransactionRollsBackWhenItsBodyThrows(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            try await store.database.execute("CREATE TABLE ledger (entry TEXT NOT NULL)")
            await #expect(throws: ExpectedFailure()) {
                try await store.database.transaction { transaction in
                    try transaction.execute("INSERT INTO ledger (entry) VALUES (?)", ["never"])
                    throw ExpectedFailure()
                }
            }
            #expect(try await store.database.query("SELECT entry FROM ledger").isEmpty)
            try await store.database.transaction { transaction in try transaction.execute("INSERT INTO ledger (entry) VALUES ('after')") }
            #expect(try await store.database.query("SELECT entry FROM ledger").count == 1)
        }
    }

    @Test(arguments: StorageBackendUnderTest.all)
    func aDuplicateKeyIsAUniqueViolationNamingTheStatementAndDatabase(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            try await store.database.execute("CREATE TABLE credits (transaction_id TEXT PRIMARY KEY, amount BIGINT NOT NULL)")
            let insert = "INSERT INTO credits (transaction_id, amount) VALUES (?, ?)"
            try await store.database.execute(insert, ["2000000123", 10])
            let outside = await #expect(throws: StorageError.self) { try await store.database.execute(insert, ["2000000123", 10]) }
            #expect(outside?.code == .uniqueViolation)
            #expect(outside?.sql == insert)
            #expect(outside?.description.contains(store.database.description) == true)
            let inside = await #expect(throws: StorageError.self) {
                try await store.database.transaction { transaction in try transaction.execute(insert, ["2000000123", 5]) }
            }
            #expect(inside?.code == .uniqueViolation)
            let missingAmount = await #expect(throws: StorageError.self) {
                try await store.database.execute("INSERT INTO credits (transaction_id) VALUES (?)", ["2000000124"])
            }
            #expect(missingAmount?.code == .constraintViolation)
        }
    }

    @Test(arguments: StorageBackendUnderTest.all)
    func foreignKeysAreEnforced(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            try await store.database.execute("CREATE TABLE users (id BIGINT PRIMARY KEY)")
            try await store.database.execute("CREATE TABLE devices (user_id BIGINT NOT NULL REFERENCES users (id))")
            let orphan = await #expect(throws: StorageError.self) { try await store.database.execute("INSERT INTO devices (user_id) VALUES (1)") }
            #expect(orphan?.code == .constraintViolation)
        }
    }

    @Test(arguments: StorageBackendUnderTest.all)
    func aFailedStatementEndsTheTransactionUnlessASavepointCoversIt(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            try await store.database.execute("CREATE TABLE credits (transaction_id TEXT PRIMARY KEY)")
            try await store.database.execute("INSERT INTO credits (transaction_id) VALUES ('1')")
            let swallowed = await #expect(throws: StorageError.self) {
                try await store.database.transaction { transaction in
                    _ = try? transaction.execute("INSERT INTO credits (transaction_id) VALUES ('1')")
                    try transaction.execute("INSERT INTO credits (transaction_id) VALUES ('2')")
                }
            }
            #expect(swallowed?.code == .transactionAborted)
            #expect(swallowed?.reason.contains("savepoint") == true)
            let quietlySwallowed = await #expect(throws: StorageError.self) {
                try await store.database.transaction { transaction in
                    try transaction.execute("INSERT INTO credits (transaction_id) VALUES ('3')")
                    _ = try? transaction.execute("INSERT INTO credits (transaction_id) VALUES ('1')")
                }
            }
            #expect(quietlySwallowed?.code == .transactionAborted)
            #expect(try await store.database.query("SELECT transaction_id FROM credits").count == 1)

            let recovered = try await store.database.transaction { transaction in
                let duplicate = #expect(throws: StorageError.self) {
                    try transaction.savepoint { try transaction.execute("INSERT INTO credits (transaction_id) VALUES ('1')") }
                }
                try transaction.execute("INSERT INTO credits (transaction_id) VALUES ('4')")
                return duplicate?.code
            }
            #expect(recovered == .uniqueViolation)
            #expect(try await store.database.query("SELECT transaction_id FROM credits ORDER BY transaction_id").map(\.values) == [["1"], ["4"]])
        }
    }

    @Test(arguments: StorageBackendUnderTest.all)
    func aMistakenStatementNamesItselfAndTheDatabase(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            let missingTable = await #expect(throws: StorageError.self) { try await store.database.query("SELECT * FROM nowhere") }
            #expect(missingTable?.code == .statementFailed)
            #expect(missingTable?.description.contains("SELECT * FROM nowhere") == true)
            #expect(missingTable?.description.contains(store.database.description) == true)
            let tooFewParameters = await #expect(throws: StorageError.self) { try await store.database.query("SELECT ? AS a, ? AS b", [1]) }
            #expect(tooFewParameters?.code == .invalidStatement)
            #expect(tooFewParameters?.reason.contains("2 placeholder(s) but 1 parameter(s)") == true)
            await #expect(throws: StorageError.self) { try await store.database.execute("SELECT 1; SELECT 2") }
        }
    }
}
