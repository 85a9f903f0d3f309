import Foundation
import StoreStorage
import Testing

/// Rows read in place by column position (`SQLTransaction.map`), on every backend: the same values as `query`,
/// clear errors for a wrong type or position, and a failed read ends the transaction like a failed statement.
extension StorageTests {
    @Test(arguments: StorageBackendUnderTest.all)
    func rowsReadInPlaceHoldWhatQueryReturns(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            let blob = store.database.dialect.blobType
            try await store.database.execute(
                "CREATE TABLE purchases (id INTEGER PRIMARY KEY, product_id TEXT NOT NULL, revoked_at BIGINT, receipt \(blob))")
            let receipts = Self.blobs + [nil]
            for (id, receipt) in receipts.enumerated() {
                try await store.database.execute(
                    "INSERT INTO purchases (id, product_id, revoked_at, receipt) VALUES (?, ?, ?, ?)",
                    [SQLValue(id), .text(Self.texts[id % Self.texts.count]), id.isMultiple(of: 2) ? nil : SQLValue(id * 1000),
                     receipt.map(SQLValue.blob) ?? .null])
            }
            let sql = "SELECT id, product_id, revoked_at, receipt FROM purchases ORDER BY id"
            let read = try await store.database.transaction { transaction in
                try transaction.map(sql) { row throws(StorageError) in
                    (try row.int64(0), try row.string(1), try row.optionalInt64(2), try row.optionalBytes(3), row.count,
                     try row.isNull(3))
                }
            }
            let rows = try await store.database.query(sql)
            #expect(read.map(\.0) == (try rows.map { try $0.int64("id") }))
            #expect(read.map(\.1) == (try rows.map { try $0.string("product_id") }))
            #expect(read.map(\.2) == (try rows.map { try $0.optionalInt64("revoked_at") }))
            #expect(read.map(\.3) == receipts.map { $0.map { [UInt8]($0) } })
            #expect(read.allSatisfy { $0.4 == 4 })
            #expect(read.map(\.5) == receipts.map { $0 == nil })
            let empty = try await store.database.transaction { transaction in
                try transaction.map("SELECT id FROM purchases WHERE id < 0") { row throws(StorageError) in try row.int64(0) }
            }
            #expect(empty.isEmpty)
        }
    }

    @Test(arguments: StorageBackendUnderTest.all)
    func aTextReadReusingThePreviousValueReadsEveryValue(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            try await store.database.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, product_id TEXT, n BIGINT)")
            // Runs of equal values, values that share a prefix or differ in length only, the empty string, non-ASCII
            // text and a NULL.
            let values: [String?] = [
                "com.example.pro.monthly", "com.example.pro.monthly", "com.example.pro.monthlx", "com.example.pro",
                "com.example.pro.monthly.extra", "", "", "é", "é", "e", nil, "com.example.pro.monthly",
            ]
            for (id, value) in values.enumerated() {
                try await store.database.execute(
                    "INSERT INTO items (id, product_id, n) VALUES (?, ?, ?)", [SQLValue(id), SQLValue(value), SQLValue(id)])
            }
            let read = try await store.database.transaction { transaction in
                var previous: String?
                return try transaction.map("SELECT product_id, n FROM items ORDER BY id") { row throws(StorageError) in
                    guard try !row.isNull(0) else { return nil as String? }
                    let value = try row.string(0, reusing: previous)
                    previous = value
                    return value
                }
            }
            #expect(read == values)
            let error = await #expect(throws: StorageError.self) {
                try await store.database.transaction { transaction in
                    try transaction.map("SELECT n FROM items") { row throws(StorageError) in
                        try row.string(0, reusing: "com.example.pro.monthly")
                    }
                }
            }
            #expect(error?.code == .typeMismatch)
        }
    }

    @Test(arguments: StorageBackendUnderTest.all)
    func aWrongReadInPlaceSaysWhichColumnAndEndsTheTransaction(backend: StorageBackendUnderTest) async throws {
        try await backend.withStore { store in
            try await store.database.execute("CREATE TABLE items (key TEXT PRIMARY KEY, n BIGINT)")
            try await store.database.execute("INSERT INTO items (key, n) VALUES ('a', NULL)")
            let reads: [(String, @Sendable (SQLColumns) throws(StorageError) -> Void)] = [
                ("text", { row throws(StorageError) in _ = try row.int64(0) }),
                ("NULL", { row throws(StorageError) in _ = try row.int64(1) }),
                ("no column 2", { row throws(StorageError) in _ = try row.string(2) }),
                ("text", { row throws(StorageError) in _ = try row.bytes(0) }),
            ]
            for (expected, read) in reads {
                let error = await #expect(throws: StorageError.self) {
                    try await store.database.transaction { transaction in
                        do {
                            _ = try transaction.map("SELECT key, n FROM items", [], read)
                        } catch {
                            // The transaction cannot go on after a failed read, as after a failed statement.
                            let next = #expect(throws: StorageError.self) { try transaction.execute("SELECT 1") }
                            #expect(next?.code == .transactionAborted)
                            throw error
                        }
                    }
                }
                #expect(error?.code == (expected.hasPrefix("no column") ? .missingColumn : .typeMismatch))
                #expect(error?.reason.contains(expected) == true, "\(error?.reason ?? "")")
            }
        }
    }
}
