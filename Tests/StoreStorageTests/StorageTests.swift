import Foundation
import StoreStorage
import Testing

/// The storage contract, run on every backend: a SQLite file, SQLite in memory, and PostgreSQL when
/// `TIENDA_PG_CONNINFO` is set.
@Suite struct StorageTests {
    static let integers: [Int64] = [0, 1, -1, 42, .min, .max]
    static let reals: [Double] = [0, 1.5, -2.25, .pi, 1e300, -1e-300, .greatestFiniteMagnitude, .leastNormalMagnitude, .infinity, -.infinity]
    static let texts: [String] = [
        "", "plain", "héllo wörld", "🌮 tacos, 日本語, עברית", "quotes ' \" and a ? mark", String(repeating: "long ", count: 20_000),
    ]
    static let blobs: [Data] = [Data(), Data([0]), Data(0...255), Data((0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 7919) })]

    @Test(arguments: StorageBackendUnderTest.all)
    func valuesOfEveryTypeRoundTripThroughColumns(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            let dialect = store.database.dialect
            try await store.database.execute(
                "CREATE TABLE samples (id INTEGER PRIMARY KEY, i \(dialect.integerType), r \(dialect.realType), t TEXT, b \(dialect.blobType))")
            var rows: [[SQLValue]] = Self.integers.map { [.integer($0), nil, nil, nil] }
            rows += Self.reals.map { [nil, .real($0), nil, nil] }
            rows += Self.texts.map { [nil, nil, .text($0), nil] }
            rows += Self.blobs.map { [nil, nil, nil, .blob($0)] }
            for (id, row) in rows.enumerated() {
                try await store.database.execute("INSERT INTO samples (id, i, r, t, b) VALUES (?, ?, ?, ?, ?)", [SQLValue(id)] + row)
            }
            let stored = try await store.database.query("SELECT i, r, t, b FROM samples ORDER BY id")
            #expect(stored.map(\.values) == rows)
            #expect(stored.first?.columns == ["i", "r", "t", "b"])
        }
    }

    @Test(arguments: StorageBackendUnderTest.all)
    func valuesOfEveryTypeRoundTripThroughParameters(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            let values: [SQLValue] =
                [nil] + Self.integers.map(SQLValue.integer) + Self.reals.map(SQLValue.real) + Self.texts.map(SQLValue.text)
                + Self.blobs.map(SQLValue.blob)
            for value in values {
                let echoed = try await store.database.queryFirst("SELECT ? AS value", [value])
                #expect(echoed?["value"] == value, "\(value)")
            }
        }
    }

    @Test(arguments: StorageBackendUnderTest.all)
    func byteArraysAreStoredAsTheBlobsOfTheSameBytes(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            let dialect = store.database.dialect
            try await store.database.execute("CREATE TABLE samples (id INTEGER PRIMARY KEY, t TEXT, b \(dialect.blobType))")
            // Arrays of every size next to texts and `Data` blobs in one statement, each read from its own place.
            let arrays = Self.blobs.map { [UInt8]($0) }
            var parameters: [SQLValue] = []
            for (index, bytes) in arrays.enumerated() {
                parameters += [SQLValue(2 * index), .text(Self.texts[index]), .bytes(bytes)]
                parameters += [SQLValue(2 * index + 1), .text(Self.texts[index]), .blob(Data(bytes.reversed()))]
            }
            let rows = Array(repeating: "(?, ?, ?)", count: 2 * arrays.count).joined(separator: ", ")
            try await store.database.execute("INSERT INTO samples (id, t, b) VALUES \(rows)", parameters)
            let stored = try await store.database.query("SELECT id, b FROM samples ORDER BY id")
            #expect(stored.count == 2 * arrays.count)
            for row in stored {
                let id = try row.int("id")
                let expected = id % 2 == 0 ? arrays[id / 2] : arrays[id / 2].reversed()
                // Read back, the bytes are an ordinary blob.
                guard case .blob(let data) = row.values[1] else {
                    Issue.record("row \(id) holds \(row.values[1].typeName), not a blob")
                    continue
                }
                #expect([UInt8](data) == expected, "row \(id)")
            }
            let echoed = try await store.database.queryFirst("SELECT ? AS value", [.bytes(arrays[2])])
            #expect(echoed?["value"] == .blob(Self.blobs[2]))
        }
    }

    @Test func byteArraysEqualAndHashAsTheBlobsOfTheSameBytes() {
        for blob in Self.blobs {
            let bytes = SQLValue.bytes([UInt8](blob))
            #expect(bytes == .blob(blob))
            #expect(SQLValue.blob(blob) == bytes)
            #expect(bytes.hashValue == SQLValue.blob(blob).hashValue)
            #expect(Set([bytes, .blob(blob)]).count == 1)
            #expect(bytes.typeName == "blob")
            #expect(bytes.description == SQLValue.blob(blob).description)
        }
        #expect(SQLValue.bytes([1, 2]) != .blob(Data([2, 1])))
        #expect(SQLValue.bytes([1, 2]) != .bytes([1, 2, 3]))
        #expect(SQLValue.bytes([]) != .text(""))
        #expect(SQLValue.bytes([]) != .null)
        #expect(SQLValue.bytes([0x61]) != .text("a"))
    }

    @Test(arguments: StorageBackendUnderTest.all)
    func manyTextsAndBlobsInOneStatementKeepTheirOwnBytes(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            let dialect = store.database.dialect
            try await store.database.execute("CREATE TABLE samples (id INTEGER PRIMARY KEY, t TEXT, b \(dialect.blobType))")
            // Texts and blobs of every size side by side, empty ones between them: each is read from its own place.
            let pairs = Array(zip(Self.texts + Self.texts.reversed(), Self.blobs + Self.blobs + Self.blobs.reversed()))
            let parameters = pairs.enumerated().flatMap { index, pair in [SQLValue(index), .text(pair.0), .blob(pair.1)] }
            let rows = Array(repeating: "(?, ?, ?)", count: pairs.count).joined(separator: ", ")
            try await store.database.execute("INSERT INTO samples (id, t, b) VALUES \(rows)", parameters)
            let stored = try await store.database.query("SELECT t, b FROM samples ORDER BY id")
            #expect(stored.map(\.values) == pairs.map { [.text($0.0), .blob($0.1)] })
        }
    }

    @Test(arguments: StorageBackendUnderTest.all)
    func typedReadersReadWhatTheyWrote(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            let blob = store.database.dialect.blobType
            try await store.database.execute(
                "CREATE TABLE purchases (id INTEGER PRIMARY KEY, product_id TEXT NOT NULL, revoked_at BIGINT, receipt \(blob))")
            try await store.database.execute(
                "INSERT INTO purchases (id, product_id, revoked_at, receipt) VALUES (?, ?, ?, ?), (?, ?, ?, ?)",
                [7, "com.example.pro", nil, .blob(Data([1, 2])), 8, "com.example.gems", 1_698_148_900_000, nil])
            let rows = try await store.database.query("SELECT id, product_id, revoked_at, receipt FROM purchases ORDER BY id")
            #expect(try rows.map { try $0.int64("id") } == [7, 8])
            #expect(try rows.map { try $0.string("product_id") } == ["com.example.pro", "com.example.gems"])
            #expect(try rows.map { try $0.optionalInt64("revoked_at") } == [nil, 1_698_148_900_000])
            #expect(try rows.map { try $0.optionalData("receipt") } == [Data([1, 2]), nil])
            let wrongType = #expect(throws: StorageError.self) { try rows[0].int64("product_id") }
            #expect(wrongType?.code == .typeMismatch)
            #expect(wrongType?.reason.contains("product_id") == true)
        }
    }

    @Test(arguments: StorageBackendUnderTest.all)
    func aggregatesReadAsIntegersOnEveryBackend(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            try await store.database.execute("CREATE TABLE credits (amount BIGINT NOT NULL)")
            for amount in [5, 10, 27] { try await store.database.execute("INSERT INTO credits (amount) VALUES (?)", [SQLValue(amount)]) }
            let totals = try #require(
                try await store.database.queryFirst("SELECT COUNT(*) AS n, SUM(amount) AS total, MAX(amount) AS top FROM credits"))
            #expect(try totals.int64("n") == 3)
            #expect(try totals.int64("total") == 42)
            #expect(try totals.int64("top") == 27)
        }
    }

    @Test(arguments: StorageBackendUnderTest.all)
    func executeReportsTheRowsItChanged(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            let database = store.database
            #expect(try await database.execute("CREATE TABLE items (key TEXT PRIMARY KEY, n BIGINT NOT NULL)") == 0)
            #expect(try await database.execute("INSERT INTO items (key, n) VALUES ('a', 1), ('b', 2), ('c', 3)") == 3)
            #expect(try await database.execute("UPDATE items SET n = n + 1 WHERE n > ?", [1]) == 2)
            #expect(try await database.execute("INSERT INTO items (key, n) VALUES ('a', 9) ON CONFLICT (key) DO NOTHING") == 0)
            #expect(try await database.execute("INSERT INTO items (key, n) VALUES ('a', 9) ON CONFLICT (key) DO UPDATE SET n = excluded.n") == 1)
            #expect(try await database.execute("DELETE FROM items WHERE key = ?", ["missing"]) == 0)
            #expect(try await database.execute("SELECT 1") == 0)
            let inserted = try await database.queryFirst("INSERT INTO items (key, n) VALUES (?, ?) RETURNING key, n", ["d", 4])
            #expect(inserted?.values == ["d", 4])
        }
    }

    @Test(arguments: StorageBackendUnderTest.all)
    func aQuestionMarkInsideQuotesOrCommentsIsNotAPlaceholder(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            let row = try await store.database.queryFirst(
                """
                SELECT '?' AS literal, 'it''s ?' AS doubled, ? AS parameter, "?" AS "?" -- is this a ?
                FROM (SELECT 1 AS "?") AS t /* or this ? */ WHERE ? = 1
                """, ["value", 1])
            #expect(row?.values == ["?", "it's ?", "value", 1])
        }
    }
}
