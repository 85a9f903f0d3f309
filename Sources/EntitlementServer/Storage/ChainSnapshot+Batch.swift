import StoreStorage

/// The snapshots of many writes read in one PostgreSQL statement, each part's keys sent as one array, so a batch
/// reads what all its writes depend on in one round trip and one execution.
extension ChainSnapshot {
    /// The statement that reads what every request asks for, each key once. Its text is the same for any number of
    /// requests.
    static func batchStatement(_ requests: [Request]) -> SQLStatement {
        func keys(_ key: (Request) -> [String]) -> SQLValue {
            var seen: Set<String> = []
            return .array(PostgreSQLArray(texts: requests.flatMap(key).filter { seen.insert($0).inserted }))
        }
        let chains = keys { $0.chain.map { [$0] } ?? [] }
        return SQLStatement(batchText, [
            keys { $0.notificationUUID.map { [$0] } ?? [] }, keys { $0.transactionId.map { [$0] } ?? [] }, chains, chains,
            keys { $0.token.map { [$0] } ?? [] }, keys { $0.ledgerEntries ?? [] },
        ])
    }

    /// What a batch's writes read, as stored before the batch and then as each planned write leaves it: each write's
    /// snapshot is what it would read had the writes before it in the batch run alone, one after another.
    struct Batch {
        private var seen: Set<String> = []
        private var transactions: [String: StoredTransaction] = [:]
        private var registers: [String: StoredRegisters] = [:]
        private var owners: [String: [(account: String, role: String)]] = [:]
        private var tokens: [String: String] = [:]
        private var entries: Set<String> = []

        /// The stored state, from the rows of ``batchStatement(_:)``.
        init(rows: [SQLRow]) throws {
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
        }

        /// What `request` reads now.
        func snapshot(for request: Request) -> ChainSnapshot {
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

        /// Takes in the changes a write planned from ``snapshot(for:)`` of `request`, as storing them would.
        mutating func apply(_ changes: StateWriter.Changes, of request: Request, read snapshot: ChainSnapshot) {
            if changes.record != nil, let uuid = request.notificationUUID { seen.insert(uuid) }
            if let transactionId = request.transactionId, let row = changes.transactionRow,
                case .integer(let signedDate) = row[13], case .text(let payload) = row[14]
            {
                transactions[transactionId] = StoredTransaction(signedDate: signedDate, payload: payload, isRevoked: row[8] != .null)
            }
            if let chain = request.chain {
                if let row = changes.chainRow {
                    // A register that advanced carries its status or renewal info; the other keeps what it held.
                    func order(_ date: SQLValue, _ tiebreak: SQLValue) -> EvidenceOrder? {
                        guard case .integer(let signedDate) = date, case .text(let text) = tiebreak else { return nil }
                        return EvidenceOrder(signedDate: signedDate, tiebreak: text)
                    }
                    let before = snapshot.registers
                    registers[chain] = StoredRegisters(
                        status: row[3] != .null ? order(row[4], row[5]) ?? .origin : before?.status ?? .origin,
                        renewal: row[6] != .null ? order(row[7], row[8]) ?? .origin : before?.renewal ?? .origin)
                }
                if let owner = changes.linkedOwner { owners[chain] = [(owner, "owner")] }
            }
            entries.formUnion(changes.ledgerEntryIds)
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
