/// A validated list of migrations and the one-transaction step that applies the next pending one.
struct MigrationPlan: Sendable {
    /// What one step did.
    enum Step: Sendable {
        case upToDate
        case applied(Migration)
    }

    /// The PostgreSQL advisory lock that serializes migrating processes: "Tienda" in ASCII.
    static let advisoryLockKey: Int64 = 0x5469_656E_6461

    let migrations: [Migration]
    let database: String

    /// Checks that versions are positive and strictly ascending.
    init(migrations: [Migration], database: String) throws(StorageError) {
        for (earlier, later) in zip([nil] + migrations.map(Optional.some), migrations) {
            guard later.version > (earlier?.version ?? 0) else {
                throw StorageError(
                    .invalidMigrations,
                    reason: "Migration \(later.version) (\(later.name)) must have a positive version above the one "
                        + "before it\(earlier.map { ", \($0.version) (\($0.name))" } ?? ""). List migrations in "
                        + "ascending version order, each version once.",
                    database: database)
            }
        }
        self.migrations = migrations
        self.database = database
    }

    /// Locks out other migrators, reads which versions are applied, and applies the first missing migration.
    func applyNext(in transaction: SQLTransaction) throws(StorageError) -> Step {
        if transaction.dialect == .postgresql {
            _ = try transaction.query("SELECT pg_advisory_xact_lock(?)", [.integer(Self.advisoryLockKey)])
        }
        try transaction.execute(Self.createTable(transaction.dialect))
        let applied = try transaction.query("SELECT version FROM schema_migrations").map { row throws(StorageError) in try row.int("version") }
        let newestApplied = applied.max() ?? 0
        let newestKnown = migrations.last?.version ?? 0
        guard newestApplied <= newestKnown else {
            throw StorageError(
                .schemaNewerThanCode,
                reason: "The database's schema is at version \(newestApplied), but this build knows migrations only "
                    + "up to \(newestKnown): newer code migrated it. Run that newer version, or restore a backup "
                    + "taken before the upgrade.",
                database: database)
        }
        guard let next = migrations.first(where: { !applied.contains($0.version) }) else { return .upToDate }
        guard next.version > newestApplied else {
            throw StorageError(
                .invalidMigrations,
                reason: "Migration \(next.version) (\(next.name)) was never applied, but the database already has "
                    + "version \(newestApplied). A migration must have a version above every applied one; "
                    + "give it a new, higher version.",
                database: database)
        }
        for statement in next.statements(for: transaction.dialect) {
            do {
                try transaction.execute(statement)
            } catch {
                throw error.prefixed(with: "Migration \(next.version) (\(next.name)) failed")
            }
        }
        try transaction.execute(
            "INSERT INTO schema_migrations (version, name) VALUES (?, ?)", [.integer(Int64(next.version)), .text(next.name)])
        return .applied(next)
    }

    private static func createTable(_ dialect: SQLDialect) -> String {
        let timestamp =
            switch dialect {
            case .sqlite: "TEXT"
            case .postgresql: "TIMESTAMPTZ"
            }
        return """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version BIGINT PRIMARY KEY,
                name TEXT NOT NULL,
                applied_at \(timestamp) NOT NULL DEFAULT CURRENT_TIMESTAMP)
            """
    }
}
