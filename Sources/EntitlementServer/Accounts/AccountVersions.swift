import StoreModel
import StoreStorage

/// A counter per account, bumped (with the instant) by every write that can change the account's answer: servers
/// sharing the database read it to drop cached answers another server made stale.
enum AccountVersions {
    /// Bumps one account's version (creating it at 1) and returns the account.
    @discardableResult
    static func bump(_ account: String, at now: Timestamp, in database: SQLTransaction) throws -> String {
        let statement = bumping(account, at: now)
        try database.execute(statement.sql, statement.parameters)
        return account
    }

    /// The statement that bumps one account's version, to send in a pipeline.
    static func bumping(_ account: String, at now: Timestamp) -> SQLStatement {
        SQLStatement(
            """
            INSERT INTO ent_accounts (account_id, version, updated_at) VALUES (?, 1, ?)
            ON CONFLICT (account_id) DO UPDATE SET version = ent_accounts.version + 1, updated_at = excluded.updated_at
            """, [.text(account), .integer(now.milliseconds)])
    }
}
