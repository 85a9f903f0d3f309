import CLibPQ

/// Parameters laid out for `PQexecParams`: integers, floats and text in text format, bytes and arrays in binary
/// format.
///
/// Every value is copied into one buffer that outlives the call, so the pointers libpq reads stay valid.
/// Integers are sent as `int8` and floats as `float8`; text goes out untyped so the server reads it as whatever
/// the context needs (`text`, `timestamptz`, `uuid`, `jsonb`, …); bytes go out as `bytea`.
struct PostgreSQLParameters {
    private(set) var types: [Oid] = []
    private(set) var lengths: [Int32] = []
    private(set) var formats: [Int32] = []
    /// Each value's offset in `storage`, or `nil` for `NULL`.
    private var offsets: [Int?] = []
    /// The values back to back; text is NUL-terminated. Never empty, so its base address is never `nil` and an
    /// empty blob gets a real (non-`NULL`) pointer.
    private var storage: [UInt8] = [0]

    /// Lays out `values`.
    /// - Throws: ``StorageError/Code/invalidStatement`` for text holding the NUL character, which PostgreSQL
    ///   cannot store.
    init(_ values: [SQLValue], sql: String, database: String) throws(StorageError) {
        types.reserveCapacity(values.count)
        lengths.reserveCapacity(values.count)
        formats.reserveCapacity(values.count)
        offsets.reserveCapacity(values.count)
        for value in values {
            switch value {
            case .null:
                types.append(0)
                formats.append(0)
                lengths.append(0)
                offsets.append(nil)
            case .integer(let integer):
                let start = begin(type: PostgreSQLTypeOID.int8, format: 0)
                storage.appendDecimal(integer)
                end(start, terminated: true)
            case .real(let real):
                let start = begin(type: PostgreSQLTypeOID.float8, format: 0)
                storage.append(contentsOf: Self.text(of: real).utf8)
                end(start, terminated: true)
            case .text(let text):
                let start = begin(type: 0, format: 0)
                storage.append(contentsOf: text.utf8)
                guard !storage[start...].contains(0) else {
                    throw StorageError(
                        .invalidStatement,
                        reason: "Parameter \(offsets.count) is text holding the NUL character, which PostgreSQL "
                            + "text cannot store. Strip it, or store the value as a blob.",
                        database: database, sql: sql)
                }
                end(start, terminated: true)
            case .blob(let data):
                let start = begin(type: PostgreSQLTypeOID.bytea, format: 1)
                storage.append(contentsOf: data)
                end(start, terminated: false)
            case .bytes(let array):
                let start = begin(type: PostgreSQLTypeOID.bytea, format: 1)
                storage.append(contentsOf: array)
                end(start, terminated: false)
            case .array(let array):
                guard !array.holdsNUL else {
                    throw StorageError(
                        .invalidStatement,
                        reason: "Parameter \(offsets.count) is an array whose text holds the NUL character, which "
                            + "PostgreSQL text cannot store. Strip it, or store the value as a blob.",
                        database: database, sql: sql)
                }
                let start = begin(type: array.element.arrayOID, format: 1)
                storage.append(contentsOf: array.bytes)
                end(start, terminated: false)
            }
        }
    }

    /// Starts a value written straight into `storage` (no intermediate array per value); returns where it starts.
    private mutating func begin(type: Oid, format: Int32) -> Int {
        types.append(type)
        formats.append(format)
        offsets.append(storage.count)
        return storage.count
    }

    /// Ends the value that started at `start`; the length of text counts its terminating NUL.
    private mutating func end(_ start: Int, terminated: Bool) {
        if terminated { storage.append(0) }
        lengths.append(Int32(storage.count - start))
    }

    /// PostgreSQL's spelling of a `float8`: the shortest text that reads back as the same `Double`.
    private static func text(of real: Double) -> String {
        if real.isNaN { return "NaN" }
        if real.isInfinite { return real < 0 ? "-Infinity" : "Infinity" }
        return "\(real)"
    }

    /// Calls `body` with the array of value pointers libpq expects (`NULL` entries for SQL `NULL`).
    func withValuePointers<R>(_ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
        storage.withUnsafeBytes { buffer in
            let base = buffer.baseAddress!
            let pointers: [UnsafePointer<CChar>?] = offsets.map { offset in
                offset.map { (base + $0).assumingMemoryBound(to: CChar.self) }
            }
            return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
        }
    }
}
