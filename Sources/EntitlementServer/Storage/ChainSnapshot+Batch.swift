import StoreStorage

/// The snapshots of many writes read in one PostgreSQL statement, each part's keys sent as one array, so a batch
/// reads what all its writes depend on in one round trip and one execution.
extension ChainSnapshot {
    /// The statement that reads what every request asks for. Its text is the same for any number of requests.
    static func batchStatement(_ requests: [Request]) -> SQLStatement {
        let chains = requests.compactMap(\.chain)
        let chainArray = PostgreSQLArrayLiteral.parameter(texts: chains)
        return SQLStatement(batchText, [
            PostgreSQLArrayLiteral.parameter(texts: requests.compactMap(\.notificationUUID)),
            PostgreSQLArrayLiteral.parameter(texts: requests.compactMap(\.transactionId)),
            chainArray, chainArray,
            PostgreSQLArrayLiteral.parameter(texts: requests.compactMap(\.token)),
            PostgreSQLArrayLiteral.parameter(texts: requests.flatMap { $0.ledgerEntries ?? [] }),
        ])
    }

    /// Each request's snapshot, in order, from the rows of ``batchStatement(_:)``. The requests must not share a
    /// notification, transaction, chain or token.
    static func batch(rows: [SQLRow], for requests: [Request]) throws -> [ChainSnapshot] {
        var seen: Set<String> = []
        var transactions: [String: StoredTransaction] = [:]
        var registers: [String: StoredRegisters] = [:]
        var owners: [String: [(account: String, role: String)]] = [:]
        var tokens: [String: String] = [:]
        var entries: Set<String> = []
        for row in rows {
            let key = try row.string("key")
            switch try row.string("part") {
            case "n":
                seen.insert(key)
            case "t":
                transactions[key] = StoredTransaction(
                    signedDate: try row.int64("first_number"), payload: try row.string("first_text"),
                    isRevoked: try row.optionalInt64("second_number") != nil)
            case "c":
                registers[key] = StoredRegisters(
                    status: EvidenceOrder(signedDate: try row.int64("first_number"), tiebreak: try row.string("first_text")),
                    renewal: EvidenceOrder(signedDate: try row.int64("second_number"), tiebreak: try row.string("second_text")))
            case "k":
                tokens[key] = try row.string("first_text")
            case "l":
                entries.insert(key)
            default:
                owners[key, default: []].append((try row.string("first_text"), try row.string("second_text")))
            }
        }
        return requests.map { request in
            var snapshot = ChainSnapshot()
            snapshot.notificationSeen = request.notificationUUID.map(seen.contains) ?? false
            snapshot.transaction = request.transactionId.flatMap { transactions[$0] }
            if let chain = request.chain {
                snapshot.registers = registers[chain]
                snapshot.owners = owners[chain] ?? []
            }
            snapshot.tokenAccount = request.token.flatMap { tokens[$0] }
            snapshot.ledgerEntries = Set((request.ledgerEntries ?? []).filter(entries.contains))
            return snapshot
        }
    }

    /// The parts of ``ChainSnapshot/statement(_:)`` over arrays of keys, each row with the key it belongs to; owners
    /// come oldest first within their chain. Each key is looked up on its own (a `LATERAL` subquery that `OFFSET 0`
    /// keeps from being merged into a join), so each lookup is an index lookup, as in the single-write statement,
    /// whatever the sizes the tables had when the statement was prepared: `key = ANY(array)` was planned as a scan of
    /// the whole table when prepared while the tables were empty.
    private static let batchText = [
        ("'n'", "notification_uuid", "CAST(NULL AS BIGINT), CAST(NULL AS BIGINT), CAST(NULL AS TEXT), CAST(NULL AS TEXT)",
            "ent_notifications"),
        ("'t'", "transaction_id", "signed_date, revocation_date, payload, CAST(NULL AS TEXT)", "ent_transactions"),
        ("'c'", "original_transaction_id", "status_signed_date, renewal_signed_date, status_tiebreak, renewal_tiebreak",
            "ent_chains"),
        ("'o'", "original_transaction_id", "since, CAST(NULL AS BIGINT), account_id, role", "ent_owners"),
        ("'k'", "app_account_token", "CAST(NULL AS BIGINT), CAST(NULL AS BIGINT), account_id, CAST(NULL AS TEXT)",
            "ent_account_tokens"),
        ("'l'", "entry_id", "CAST(NULL AS BIGINT), CAST(NULL AS BIGINT), CAST(NULL AS TEXT), CAST(NULL AS TEXT)",
            "ent_ledger"),
    ].map { part, column, values, table in
        """
        SELECT \(part) AS part, k.key AS key, found.* FROM unnest(CAST(? AS TEXT[])) AS k (key)
        CROSS JOIN LATERAL (SELECT \(values) FROM \(table) WHERE \(column) = k.key OFFSET 0)
            AS found (first_number, second_number, first_text, second_text)
        """
    }.joined(separator: "\nUNION ALL\n") + "\nORDER BY part, key, first_number, first_text"
}
