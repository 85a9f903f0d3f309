import Foundation
import StoreCrypto
import StoreModel
import StoreStorage

/// Typed reads and writes of the engine's tables inside one storage transaction. Only valid while the
/// transaction body runs.
struct EngineTables {
    /// The transaction's SQL view.
    let sql: SQLTransaction
    /// Transactions and chain updates held to be written together, before any other statement runs.
    let pending = PendingRows()

    /// Whether rows are written several a statement, and may wait in ``pending`` for that: on SQLite, where the
    /// statements that write them (`UPDATE … FROM (VALUES …)`) need no casts of their parameters and cost no
    /// round trips to try. PostgreSQL keeps one statement a row.
    var writesRowsTogether: Bool { sql.dialect == .sqlite }

    /// Runs a statement (after the pending rows), mapping storage failures.
    @discardableResult
    func execute(_ statement: String, _ parameters: [SQLValue] = []) throws(AppStoreEngineError) -> Int {
        if !pending.isEmpty { try flushPendingRows() }
        return try executeDirectly(statement, parameters)
    }

    /// Runs a statement without writing the pending rows first: for the statements that write them.
    @discardableResult
    func executeDirectly(_ statement: String, _ parameters: [SQLValue]) throws(AppStoreEngineError) -> Int {
        do {
            return try sql.execute(statement, parameters)
        } catch {
            throw .storage(error.description)
        }
    }

    /// Runs a query (after the pending rows), mapping storage failures.
    func query(_ statement: String, _ parameters: [SQLValue] = []) throws(AppStoreEngineError) -> [SQLRow] {
        if !pending.isEmpty { try flushPendingRows() }
        do {
            return try sql.query(statement, parameters)
        } catch {
            throw .storage(error.description)
        }
    }

    /// The first row of a query.
    func queryFirst(_ statement: String, _ parameters: [SQLValue] = []) throws(AppStoreEngineError) -> SQLRow? {
        try query(statement, parameters).first
    }

    /// A numeric identifier as stored, or `nil` when the text is not one (so it matches nothing).
    static func numeric(_ identifier: String) -> Int64? {
        DecimalDigits.value(of: identifier)
    }
}

/// Typed column reads that report unreadable state as ``AppStoreEngineError/corruptState(_:)``.
extension SQLRow {
    func read<T>(_ body: (SQLRow) throws(StorageError) -> T) throws(AppStoreEngineError) -> T {
        do {
            return try body(self)
        } catch {
            throw .corruptState(error.description)
        }
    }

    func text(_ column: String) throws(AppStoreEngineError) -> String {
        try read { row throws(StorageError) in try row.string(column) }
    }

    func optionalText(_ column: String) throws(AppStoreEngineError) -> String? {
        try read { row throws(StorageError) in try row.optionalString(column) }
    }

    func integer(_ column: String) throws(AppStoreEngineError) -> Int64 {
        try read { row throws(StorageError) in try row.int64(column) }
    }

    func optionalInteger(_ column: String) throws(AppStoreEngineError) -> Int64? {
        try read { row throws(StorageError) in try row.optionalInt64(column) }
    }

    func bytes(_ column: String) throws(AppStoreEngineError) -> [UInt8] {
        try read { row throws(StorageError) in [UInt8](try row.data(column)) }
    }

    func optionalBytes(_ column: String) throws(AppStoreEngineError) -> [UInt8]? {
        try read { row throws(StorageError) in try row.optionalData(column).map { [UInt8]($0) } }
    }

    /// A transaction's or notification's payload, its member names spelled out again (``StoredMemberNames``).
    func payload(_ column: String) throws(AppStoreEngineError) -> [UInt8] {
        try StoredMemberNames.expanding(try bytes(column))
    }

    /// ``payload(_:)``, or `nil` for `NULL`.
    func optionalPayload(_ column: String) throws(AppStoreEngineError) -> [UInt8]? {
        guard let bytes = try optionalBytes(column) else { return nil }
        return try StoredMemberNames.expanding(bytes)
    }
}

extension SQLValue {
    /// A transaction's or notification's payload as stored: its member names coded (``StoredMemberNames``).
    static func payload(_ json: [UInt8]) -> SQLValue {
        .blob(StoredMemberNames.compactedData(json))
    }
}

/// JSON for stored blobs: transaction payloads, lifecycle state, requests, overrides. Decoding uses StoreCrypto's
/// fast decoder (`JSONDecoder`'s semantics; transactions, read back for every renewal, take its specialised path).
enum StoredJSON {
    static func encode(_ value: some Encodable) throws(AppStoreEngineError) -> Data {
        do {
            return try AppleJSON.encoder(sortedKeys: true).encode(value)
        } catch {
            throw .corruptState("could not encode \(type(of: value)): \(error)")
        }
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from bytes: some Sequence<UInt8>) throws(AppStoreEngineError) -> Value {
        do {
            return try AppStoreJSONDecoder.decode(type, from: Data(bytes))
        } catch {
            throw .corruptState("could not decode \(type): \(error)")
        }
    }
}
