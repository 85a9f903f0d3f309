extension SQLDatabase {
    /// Brings the schema up to date: applies each migration the database lacks, in version order, one
    /// transaction per migration, and records it in the `schema_migrations` table. Running it again is a no-op.
    ///
    /// Several processes may call this at once on one database: on PostgreSQL each step holds a transaction-level
    /// advisory lock, and on SQLite `BEGIN IMMEDIATE` holds the write lock, so each migration is applied once.
    /// - Parameter migrations: Every migration the code knows, in ascending version order.
    /// - Returns: The migrations this call applied, in order; empty when the schema was already current.
    /// - Throws: ``StorageError/Code/schemaNewerThanCode`` when the database was migrated by newer code,
    ///   ``StorageError/Code/invalidMigrations`` for a malformed list, or the failing statement's error, prefixed
    ///   with the migration's version and name (that migration is rolled back; earlier ones stay applied).
    @discardableResult
    public func migrate(_ migrations: [Migration]) async throws(StorageError) -> [Migration] {
        let plan = try MigrationPlan(migrations: migrations, database: description)
        var applied: [Migration] = []
        while true {
            let step: MigrationPlan.Step
            do {
                step = try await transaction(isolation: .readCommitted) { transaction in try plan.applyNext(in: transaction) }
            } catch let error as StorageError {
                throw error
            } catch {
                throw StorageError(.statementFailed, reason: "Migrating failed: \(error)", database: description)
            }
            switch step {
            case .upToDate: return applied
            case .applied(let migration): applied.append(migration)
            }
        }
    }
}
