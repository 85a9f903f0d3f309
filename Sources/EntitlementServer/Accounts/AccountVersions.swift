import StoreStorage

/// A counter per account, bumped by every write that can change the account's answer, so a cached answer is
/// reused only while its version is current (on any server sharing the database).
enum AccountVersions {
    /// Bumps one account's version (creating it at 1).
    static func bump(_ account: String, in database: SQLTransaction) throws {
        try database.execute(
            """
            INSERT INTO ent_accounts (account_id, version) VALUES (?, 1)
            ON CONFLICT (account_id) DO UPDATE SET version = ent_accounts.version + 1
            """, [.text(account)])
    }

    /// Bumps every owner of `chain` and returns them.
    static func bumpOwners(of chain: String, in database: SQLTransaction) throws -> [String] {
        let owners = try database.query(
            "SELECT account_id FROM ent_owners WHERE original_transaction_id = ? ORDER BY account_id", [.text(chain)]
        ).map { try $0.string("account_id") }
        for owner in owners { try bump(owner, in: database) }
        return owners
    }
}
