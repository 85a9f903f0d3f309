/// One step of a schema: a version, a name, and the statements that take the database there.
///
/// Migrations are listed in ascending version order and never edited once shipped; a change is a new migration.
/// Each runs in one transaction, so its statements must be transactional: on SQLite, `PRAGMA foreign_keys`
/// cannot change inside one, so a migration that rebuilds a table uses `PRAGMA defer_foreign_keys = ON`
/// instead; on PostgreSQL, `CREATE INDEX CONCURRENTLY` is not allowed.
/// Most statements run unchanged on both backends; where a column type differs, build them per dialect:
///
/// ```swift
/// Migration(version: 2, name: "notifications") { dialect in
///     ["""
///      CREATE TABLE notifications (
///          id \(dialect.autoincrementPrimaryKey),
///          uuid TEXT NOT NULL UNIQUE,
///          payload \(dialect.blobType) NOT NULL)
///      """]
/// }
/// ```
public struct Migration: Sendable, Hashable {
    /// The schema version this migration produces; positive, and higher than every earlier migration's.
    public let version: Int
    /// A short name for messages and the `schema_migrations` table.
    public let name: String
    /// The statements run on SQLite, in order.
    public let sqliteStatements: [String]
    /// The statements run on PostgreSQL, in order.
    public let postgreSQLStatements: [String]

    /// A migration whose statements run unchanged on both backends.
    public init(version: Int, name: String, sql: [String]) {
        self.init(version: version, name: name, sqlite: sql, postgresql: sql)
    }

    /// A migration with separate statements for each backend.
    public init(version: Int, name: String, sqlite: [String], postgresql: [String]) {
        self.version = version
        self.name = name
        self.sqliteStatements = sqlite
        self.postgreSQLStatements = postgresql
    }

    /// A migration whose statements are built for each dialect by `statements`.
    public init(version: Int, name: String, _ statements: (SQLDialect) -> [String]) {
        self.init(version: version, name: name, sqlite: statements(.sqlite), postgresql: statements(.postgresql))
    }

    /// The statements to run on a database that speaks `dialect`.
    public func statements(for dialect: SQLDialect) -> [String] {
        switch dialect {
        case .sqlite: sqliteStatements
        case .postgresql: postgreSQLStatements
        }
    }
}
