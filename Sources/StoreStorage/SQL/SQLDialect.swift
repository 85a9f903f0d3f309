/// Which SQL a database speaks, for the few places the backends differ.
///
/// Prefer SQL that runs on both: `?` placeholders, `INSERT … ON CONFLICT (…) DO UPDATE/DO NOTHING`,
/// `RETURNING`, `BIGINT`, `TEXT`, `INTEGER` 0/1 for flags. Reach for the dialect only for column types:
///
/// ```swift
/// "CREATE TABLE notifications (id \(dialect.autoincrementPrimaryKey), payload \(dialect.blobType) NOT NULL)"
/// ```
public enum SQLDialect: String, Sendable, Hashable, CaseIterable {
    /// SQLite 3.35 or newer.
    case sqlite
    /// PostgreSQL 12 or newer.
    case postgresql

    /// An integer primary key the database numbers itself: `INTEGER PRIMARY KEY AUTOINCREMENT` or
    /// `BIGSERIAL PRIMARY KEY`. Read the new key with `RETURNING id`.
    public var autoincrementPrimaryKey: String {
        switch self {
        case .sqlite: "INTEGER PRIMARY KEY AUTOINCREMENT"
        case .postgresql: "BIGSERIAL PRIMARY KEY"
        }
    }

    /// The column type for raw bytes: `BLOB` or `BYTEA`.
    public var blobType: String {
        switch self {
        case .sqlite: "BLOB"
        case .postgresql: "BYTEA"
        }
    }

    /// The column type for a double-precision float: `REAL` or `DOUBLE PRECISION`.
    public var realType: String {
        switch self {
        case .sqlite: "REAL"
        case .postgresql: "DOUBLE PRECISION"
        }
    }

    /// The column type for a 64-bit integer: `INTEGER` (SQLite integers are always 64-bit) or `BIGINT`.
    public var integerType: String {
        switch self {
        case .sqlite: "INTEGER"
        case .postgresql: "BIGINT"
        }
    }
}
