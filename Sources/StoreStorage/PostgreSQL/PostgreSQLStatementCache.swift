import CLibPQ

/// One connection's memory of its statements: each statement's `$n` rewriting, and the statements the server has
/// prepared for it.
///
/// A statement sent unnamed is parsed and planned by the server every time; a prepared one only once per
/// connection. Tienda's writes are a few dozen distinct statements run over and over, so each connection prepares
/// the ones that can be (`SELECT`, `INSERT`, `UPDATE`, `DELETE`, `WITH`, `VALUES`) the first time it sends them,
/// in the same round trip as their first execution. A statement is prepared once per list of parameter types,
/// the types `PQexecParams` would send, so the server reads every value as it would unprepared (a `NULL`, sent
/// untyped, gets the type its context gives it).
///
/// Prepared statements live as long as the server connection; ``forgetPrepared()`` drops the memory of them when
/// the connection is replaced. When the cache is full, the next pipeline deallocates them all and starts again.
struct PostgreSQLStatementCache {
    /// What the cache knows about one statement.
    struct Entry {
        let placeholders: PostgreSQLPlaceholders
        /// Whether the statement is worth preparing (not a `BEGIN`, a `SAVEPOINT`, DDL or the like).
        let isPreparable: Bool
    }

    private struct PreparedKey: Hashable {
        let sql: String
        let types: [Oid]
    }

    /// The most statements remembered; beyond it, everything is forgotten and deallocated.
    let capacity: Int
    private var entries: [String: Entry] = [:]
    private var prepared: [PreparedKey: String] = [:]
    private var nextName = 0

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 1)
    }

    private var isStale = false

    /// Whether the next pipeline should first deallocate every prepared statement and start afresh: the cache is
    /// full, or a table changed shape under a prepared statement.
    var needsReset: Bool { isStale || entries.count >= capacity || prepared.count >= capacity }

    /// Whether the server holds prepared statements this cache made.
    var hasPrepared: Bool { !prepared.isEmpty }

    /// The statement's rewriting and whether it is worth preparing.
    mutating func entry(for sql: String) -> Entry {
        if let entry = entries[sql] { return entry }
        let entry = Entry(placeholders: PostgreSQLPlaceholders(rewriting: sql), isPreparable: Self.isPreparable(sql))
        entries[sql] = entry
        return entry
    }

    /// The name of the statement prepared for `sql` with these parameter types, if there is one.
    func preparedName(for sql: String, types: [Oid]) -> String? {
        prepared[PreparedKey(sql: sql, types: types)]
    }

    /// A name no statement of this connection has had.
    mutating func newName() -> String {
        nextName += 1
        return "tienda_\(nextName)"
    }

    /// Records that the server prepared `sql` with these types as `name`.
    mutating func remember(_ name: String, for sql: String, types: [Oid]) {
        prepared[PreparedKey(sql: sql, types: types)] = name
    }

    /// Forgets every statement: the connection was replaced, or its prepared statements were deallocated. Names
    /// are never reused, so a statement the server still holds cannot be confused with a new one.
    mutating func forgetAll() {
        entries.removeAll()
        prepared.removeAll()
        isStale = false
    }

    /// Marks every prepared statement as unusable: the server refused one because a table it reads changed shape
    /// (`ALTER TABLE`, a migration) since it was prepared, and would refuse it again.
    mutating func markStale() {
        isStale = true
    }

    /// Whether `sql` starts with a keyword of a statement the server can plan ahead: a query or a data change.
    private static func isPreparable(_ sql: String) -> Bool {
        let keyword = sql.utf8.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D || $0 == 0x28 }
            .prefix { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
        let word = String(decoding: keyword, as: UTF8.self).uppercased()
        return ["SELECT", "INSERT", "UPDATE", "DELETE", "WITH", "VALUES"].contains(word)
    }
}
