import StoreStorage

/// What one write needs to know before it changes anything, read in a single statement: the stored version of its
/// transaction, its chain's registers and owners, the account its `appAccountToken` is registered to, and whether
/// its consumable was debited. On PostgreSQL every round trip to the server costs a wait, so the snapshot travels
/// in the write's first pipeline, with the chain's lock and the notification's record.
///
/// The snapshot is read after the write holds its chain's lock (``KeyLock``), and its token's lock when it asks for
/// the token, and before it changes any of these tables, so it is what each step would have read on its own.
struct ChainSnapshot {
    /// The stored version of a transaction.
    struct StoredTransaction {
        var signedDate: Int64
        var payload: String
        var isRevoked: Bool
    }

    /// The stored orders of a chain's two registers.
    struct StoredRegisters {
        var status: EvidenceOrder
        var renewal: EvidenceOrder
    }

    /// What to read; `nil` leaves a part out.
    struct Request {
        var transactionId: String?
        var chain: String?
        /// An `appAccountToken` (lower-case text) whose registered account to read.
        var token: String?
        /// A ledger entry whose existence to check (`debit:<transactionId>`).
        var ledgerEntry: String?
    }

    /// The stored version of the transaction asked for, or `nil` when it is not stored (or was not asked for).
    var transaction: StoredTransaction?
    /// The chain's registers, or `nil` when the chain has no row (or was not asked for).
    var registers: StoredRegisters?
    /// The chain's owners, oldest first (empty when not asked for).
    var owners: [(account: String, role: String)] = []
    /// The account the token is registered to, or `nil` when it is not registered (or was not asked for).
    var tokenAccount: String?
    /// Whether the ledger entry asked for exists.
    var hasLedgerEntry = false
    /// Whether the `INSERT … RETURNING` combined with the read (``statement(_:recording:)``) inserted its row.
    var recorded = false

    /// The statement that reads what `request` asks for, or `nil` when it asks for nothing.
    static func statement(_ request: Request) -> SQLStatement? {
        var parts: [String] = []
        var parameters: [SQLValue] = []
        if let transactionId = request.transactionId {
            parts.append(
                """
                SELECT 't' AS part, signed_date AS first_number, revocation_date AS second_number, payload AS first_text,
                    CAST(NULL AS TEXT) AS second_text
                FROM ent_transactions WHERE transaction_id = ?
                """)
            parameters.append(.text(transactionId))
        }
        if let chain = request.chain {
            parts.append(
                """
                SELECT 'c' AS part, status_signed_date AS first_number, renewal_signed_date AS second_number,
                    status_tiebreak AS first_text, renewal_tiebreak AS second_text
                FROM ent_chains WHERE original_transaction_id = ?
                """)
            parts.append(
                """
                SELECT 'o' AS part, since AS first_number, CAST(NULL AS BIGINT) AS second_number, account_id AS first_text,
                    role AS second_text
                FROM ent_owners WHERE original_transaction_id = ?
                """)
            parameters += [.text(chain), .text(chain)]
        }
        if let token = request.token {
            parts.append(
                """
                SELECT 'k' AS part, CAST(NULL AS BIGINT) AS first_number, CAST(NULL AS BIGINT) AS second_number,
                    account_id AS first_text, CAST(NULL AS TEXT) AS second_text
                FROM ent_account_tokens WHERE app_account_token = ?
                """)
            parameters.append(.text(token))
        }
        if let entry = request.ledgerEntry {
            parts.append(
                """
                SELECT 'l' AS part, CAST(NULL AS BIGINT) AS first_number, CAST(NULL AS BIGINT) AS second_number,
                    entry_id AS first_text, CAST(NULL AS TEXT) AS second_text
                FROM ent_ledger WHERE entry_id = ?
                """)
            parameters.append(.text(entry))
        }
        guard !parts.isEmpty else { return nil }
        return SQLStatement(parts.joined(separator: "\nUNION ALL\n") + "\nORDER BY part, first_number, first_text", parameters)
    }

    /// PostgreSQL: one statement that runs `recording` (an `INSERT … RETURNING`) and reads what `request` asks for;
    /// ``recorded`` says whether the insert added its row. The read does not see the insert, so `recording` must not
    /// touch the tables it reads.
    static func statement(_ request: Request, recording: SQLStatement) -> SQLStatement {
        let inserted = """
            SELECT 'r' AS part, CAST(NULL AS BIGINT) AS first_number, CAST(NULL AS BIGINT) AS second_number,
                CAST(NULL AS TEXT) AS first_text, CAST(NULL AS TEXT) AS second_text
            FROM recorded
            """
        guard let read = statement(request) else {
            return SQLStatement("WITH recorded AS (\(recording.sql))\n" + inserted, recording.parameters)
        }
        return SQLStatement(
            "WITH recorded AS (\(recording.sql))\n\(inserted)\nUNION ALL\n" + read.sql, recording.parameters + read.parameters)
    }

    /// The snapshot in the rows of ``statement(_:)``.
    init(rows: [SQLRow]) throws {
        for row in rows {
            switch try row.string("part") {
            case "t":
                transaction = StoredTransaction(
                    signedDate: try row.int64("first_number"), payload: try row.string("first_text"),
                    isRevoked: try row.optionalInt64("second_number") != nil)
            case "c":
                registers = StoredRegisters(
                    status: EvidenceOrder(signedDate: try row.int64("first_number"), tiebreak: try row.string("first_text")),
                    renewal: EvidenceOrder(signedDate: try row.int64("second_number"), tiebreak: try row.string("second_text")))
            case "k":
                tokenAccount = try row.string("first_text")
            case "l":
                hasLedgerEntry = true
            case "r":
                recorded = true
            default:
                owners.append((try row.string("first_text"), try row.string("second_text")))
            }
        }
    }

    /// An empty snapshot: nothing stored.
    init() {}
}
