import StoreStorage
import Synchronization
import Testing

/// Inserts numbers into `numbers`: together, as one multi-row statement; alone, one row. A number divisible by 17
/// is refused: alone it fails with ``ExpectedFailure``, and together it fails the statement, as a failing row of a
/// multi-row statement does.
private final class NumberGroup: WriteGroup {
    /// The sizes of the runs handed to ``runTogether(_:in:)``.
    let runSizes = Mutex<[Int]>([])

    func runTogether(_ items: [Int], in transaction: SQLTransaction) throws -> [Int] {
        runSizes.withLock { $0.append(items.count) }
        if items.contains(where: { $0 % 17 == 0 }) { throw ExpectedFailure(index: -1) }
        let rows = Array(repeating: "(?, ?)", count: items.count).joined(separator: ", ")
        try transaction.execute("INSERT INTO numbers (n, doubled) VALUES \(rows)", items.flatMap { [SQLValue($0), SQLValue($0 * 2)] })
        return items.map { $0 * 2 }
    }

    func runAlone(_ item: Int, in transaction: SQLTransaction) throws -> Int {
        if item % 17 == 0 { throw ExpectedFailure(index: item) }
        try transaction.execute("INSERT INTO numbers (n, doubled) VALUES (?, ?)", [SQLValue(item), SQLValue(item * 2)])
        return item * 2
    }
}

extension StorageTests {
    @Test(arguments: StorageBackendUnderTest.all)
    func writesOfAGroupRunTogetherAndFailAlone(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            try await store.database.execute("CREATE TABLE numbers (n BIGINT PRIMARY KEY, doubled BIGINT NOT NULL)")
            let batcher = WriteBatcher(database: store.database, isolation: .readCommitted)
            let group = NumberGroup()
            // Closure writes in between split the group's runs; they commit with the rest.
            let outcomes = await withTaskGroup(of: (Int, Result<Int, any Error>).self) { tasks in
                for number in 1...600 {
                    tasks.addTask {
                        do {
                            if number % 50 == 0 {
                                return (number, .success(try await batcher.write { transaction in
                                    try transaction.execute("INSERT INTO numbers (n, doubled) VALUES (?, ?)", [SQLValue(number), SQLValue(number * 2)])
                                    return number * 2
                                }))
                            }
                            return (number, .success(try await batcher.write(number, in: group)))
                        } catch {
                            return (number, .failure(error))
                        }
                    }
                }
                return await tasks.reduce(into: [:]) { $0[$1.0] = $1.1 }
            }
            for (number, outcome) in outcomes.sorted(by: { $0.key < $1.key }) {
                switch outcome {
                case .success(let doubled):
                    #expect(number % 17 != 0 || number % 50 == 0, "\(number) should have failed")
                    #expect(doubled == number * 2)
                case .failure(let error):
                    #expect(error as? ExpectedFailure == ExpectedFailure(index: number), "\(number): \(error)")
                }
            }
            let stored = try await store.database.query("SELECT n, doubled FROM numbers ORDER BY n")
            let expected = (1...600).filter { $0 % 17 != 0 || $0 % 50 == 0 }
            #expect(try stored.map { try $0.int("n") } == expected)
            #expect(try stored.allSatisfy { try $0.int("doubled") == $0.int("n") * 2 })
            #expect(group.runSizes.withLock { $0.contains { $0 > 1 } }, "concurrent writes of a group should run together")
        }
    }

    @Test(arguments: StorageBackendUnderTest.postgreSQL.map { [$0] } ?? [])
    func binaryArraysRoundTripThroughUnnest(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            // Texts that an array literal would have to quote or escape travel as they are.
            let awkward = ["NULL", "null", "{}", "{a,b}", "a\\b", "\\\"", "\"quoted\"", ",", " spaced ", "line\nbreak\ttab"]
            let texts: [SQLValue] = (Self.texts + awkward).map(SQLValue.text) + [.null]
            let bigints: [SQLValue] = Self.integers.map(SQLValue.integer) + [.null]
            let integers: [SQLValue] = [0, 1, -1, .integer(Int64(Int32.min)), .integer(Int64(Int32.max)), .null]
            // Three columns of one statement, as a multi-row insert sends them, and each array alone.
            let rows = try await store.database.query(
                """
                SELECT t, i FROM unnest(CAST(? AS TEXT[]), CAST(? AS INTEGER[])) WITH ORDINALITY AS u (t, i, n) ORDER BY n
                """,
                [.array(PostgreSQLArray(texts, of: .text)), .array(PostgreSQLArray(integers, of: .integer))])
            let count = max(texts.count, integers.count)
            #expect(rows.map { $0.values[0] } == texts + Array(repeating: .null, count: count - texts.count))
            #expect(rows.map { $0.values[1] } == integers + Array(repeating: .null, count: count - integers.count))
            let numbers = try await store.database.query(
                "SELECT i FROM unnest(CAST(? AS BIGINT[])) WITH ORDINALITY AS u (i, n) ORDER BY n", [.array(PostgreSQLArray(bigints, of: .bigint))])
            #expect(numbers.map { $0.values[0] } == bigints)
            let found = try await store.database.query(
                "SELECT count(*) AS found FROM unnest(CAST(? AS TEXT[])) AS u (t) WHERE t = ANY(CAST(? AS TEXT[]))",
                [.array(PostgreSQLArray(texts: ["a", "b", "c"])), .array(PostgreSQLArray(texts: ["b", "c", "d"]))])
            #expect(try found.first?.int64("found") == 2)
            let empty = try await store.database.query("SELECT t FROM unnest(CAST(? AS TEXT[])) AS u (t)", [.array(PostgreSQLArray(texts: []))])
            #expect(empty.isEmpty)
            // The parameter is typed as its own array type, so a cast to another converts the elements, never misreads them.
            let converted = try await store.database.query(
                "SELECT i FROM unnest(CAST(? AS INTEGER[])) AS u (i)", [.array(PostgreSQLArray(bigints: [7, -3]))])
            #expect(try converted.map { try $0.int64("i") } == [7, -3])
            // Text holding NUL is refused before it is sent, with what to do about it.
            await #expect(throws: StorageError.self) {
                _ = try await store.database.query("SELECT t FROM unnest(CAST(? AS TEXT[])) AS u (t)", [.array(PostgreSQLArray(texts: ["a\u{0}b"]))])
            }
        }
    }

    @Test(arguments: [StorageBackendUnderTest.sqliteFile, .sqliteInMemory])
    func sqliteRefusesArrayParameters(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            let error = await #expect(throws: StorageError.self) {
                _ = try await store.database.query("SELECT ? AS a", [.array(PostgreSQLArray(texts: ["a"]))])
            }
            #expect(error?.code == .invalidStatement)
        }
    }
}
