import StoreStorage

/// Balances: an account's own entries (spends) plus the entries of the consumable purchases it owns (as owner,
/// not as a sharer, so a shared purchase is never counted twice).
enum LedgerReader {
    /// The SQL that sums an account's balances per currency; parameters: the account twice.
    static let balancesSQL = """
        SELECT l.currency AS currency, CAST(SUM(l.amount) AS BIGINT) AS balance FROM ent_ledger l
        WHERE l.account_id = ?
           OR (l.account_id IS NULL AND l.original_transaction_id IN
               (SELECT o.original_transaction_id FROM ent_owners o WHERE o.account_id = ? AND o.role = 'owner'))
        GROUP BY l.currency ORDER BY l.currency
        """

    /// An account's balance in one currency.
    static func balance(account: String, currency: String, in database: SQLTransaction) throws -> Int64 {
        try balances(rows: database.query(balancesSQL, [.text(account), .text(account)]))[currency] ?? 0
    }

    /// Balances by currency from the rows of ``balancesSQL``.
    static func balances(rows: [SQLRow]) throws -> [String: Int64] {
        var balances: [String: Int64] = [:]
        for row in rows { balances[try row.string("currency")] = try row.int64("balance") }
        return balances
    }
}
