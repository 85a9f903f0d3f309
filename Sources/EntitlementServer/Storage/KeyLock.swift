import StoreStorage

/// A lock on a key (a chain, an account, an `appAccountToken`) held until the transaction ends: a PostgreSQL
/// transaction-scoped advisory lock on the key's 64-bit hash. On SQLite, which has one writer at a time, it is
/// nothing. Two keys with the same hash merely wait for each other.
enum KeyLock {
    /// Waits for and takes the lock on `key` for the rest of `transaction`.
    static func lock(_ key: String, in transaction: SQLTransaction) throws {
        _ = try transaction.pipeline(statements(key, dialect: transaction.dialect))
    }

    /// The statement that takes the lock on `key`, to send first in a pipeline: none on SQLite.
    static func statements(_ key: String, dialect: SQLDialect) -> [SQLStatement] {
        statements([key], dialect: dialect)
    }

    /// One statement that takes the locks on `keys` in order (waiting for each in turn), to send first in a
    /// pipeline: none on SQLite.
    static func statements(_ keys: [String], dialect: SQLDialect) -> [SQLStatement] {
        guard dialect == .postgresql, !keys.isEmpty else { return [] }
        let calls = keys.indices.map { "pg_advisory_xact_lock(?) AS locked_\($0)" }.joined(separator: ", ")
        return [SQLStatement("SELECT \(calls)", keys.map { .integer(Int64(bitPattern: hash($0))) })]
    }

    /// FNV-1a of the key's bytes: the same in every process, so lanes and locks agree across servers.
    static func hash(_ key: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
