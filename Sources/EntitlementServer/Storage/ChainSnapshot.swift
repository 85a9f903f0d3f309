import StoreStorage

/// What one write needs to know before it changes anything, read in a single statement: whether its notification was
/// recorded before, the stored version of its transaction, its chain's registers and owners, the account its
/// `appAccountToken` is registered to, and whether its consumable was debited. On PostgreSQL every round trip to the
/// server costs a wait, so the snapshot travels in the write's first pipeline, with the chain's lock.
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
        /// A notification whose record to look for.
        var notificationUUID: String?
        var transactionId: String?
        var chain: String?
        /// An `appAccountToken` (lower-case text) whose registered account to read.
        var token: String?
        /// The ledger entries whose existence to check: the three a transaction can make
        /// (``LedgerWriter/entryIds(for:)``).
        var ledgerEntries: [String]?
    }

    /// The stored version of the transaction asked for, or `nil` when it is not stored (or was not asked for).
    var transaction: StoredTransaction?
    /// The chain's registers, or `nil` when the chain has no row (or was not asked for).
    var registers: StoredRegisters?
    /// The chain's owners, oldest first (empty when not asked for).
    var owners: [(account: String, role: String)] = []
    /// The account the token is registered to, or `nil` when it is not registered (or was not asked for).
    var tokenAccount: String?
    /// Which of the ledger entries asked for exist.
    var ledgerEntries: Set<String> = []
    /// Whether the notification asked for was recorded before.
    var notificationSeen = false

    /// The statement that reads what `request` asks for, or `nil` when it asks for nothing.
    static func statement(_ request: Request) -> SQLStatement? {
        let keys = [request.notificationUUID, request.transactionId, request.chain, request.token]
        var shape = 0
        var parameters: [SQLValue] = []
        parameters.reserveCapacity(8)
        for (index, key) in keys.enumerated() {
            guard let key else { continue }
            shape |= 1 << index
            parameters.append(.text(key))
            // The chain's registers and its owners are two parts with the same key.
            if index == 2 { parameters.append(.text(key)) }
        }
        if let entries = request.ledgerEntries {
            precondition(entries.count == 3, "the ledger part reads the three entries a transaction can make")
            shape |= 1 << keys.count
            parameters += entries.map(SQLValue.text)
        }
        guard shape != 0 else { return nil }
        return SQLStatement(texts[shape], parameters)
    }

    /// The SQL text of every combination of parts, by the bit mask of the parts asked for (in ``Request``'s order),
    /// built once: a write's statement text is then the same string each time, which the statement caches find fast.
    private static let texts: [String] = (0..<(1 << parts.count)).map { shape in
        let chosen = parts.indices.filter { shape & (1 << $0) != 0 }.map { parts[$0] }
        return chosen.isEmpty ? "" : chosen.joined(separator: "\nUNION ALL\n") + "\nORDER BY part, first_number, first_text"
    }

    /// The parts of the read, in ``Request``'s order; the chain's part reads its registers and its owners.
    private static let parts = [
        """
        SELECT 'n' AS part, CAST(NULL AS BIGINT) AS first_number, CAST(NULL AS BIGINT) AS second_number,
            CAST(NULL AS TEXT) AS first_text, CAST(NULL AS TEXT) AS second_text
        FROM ent_notifications WHERE notification_uuid = ?
        """,
        """
        SELECT 't' AS part, signed_date AS first_number, revocation_date AS second_number, payload AS first_text,
            CAST(NULL AS TEXT) AS second_text
        FROM ent_transactions WHERE transaction_id = ?
        """,
        """
        SELECT 'c' AS part, status_signed_date AS first_number, renewal_signed_date AS second_number,
            status_tiebreak AS first_text, renewal_tiebreak AS second_text
        FROM ent_chains WHERE original_transaction_id = ?
        UNION ALL
        SELECT 'o' AS part, since AS first_number, CAST(NULL AS BIGINT) AS second_number, account_id AS first_text,
            role AS second_text
        FROM ent_owners WHERE original_transaction_id = ?
        """,
        """
        SELECT 'k' AS part, CAST(NULL AS BIGINT) AS first_number, CAST(NULL AS BIGINT) AS second_number,
            account_id AS first_text, CAST(NULL AS TEXT) AS second_text
        FROM ent_account_tokens WHERE app_account_token = ?
        """,
        // One equality per entry: PostgreSQL plans `entry_id IN (…)` of a prepared statement as a scan of the whole
        // table when it was prepared while the table was small, and equalities always as index lookups.
        (0..<3).map { _ in
            """
            SELECT 'l' AS part, CAST(NULL AS BIGINT) AS first_number, CAST(NULL AS BIGINT) AS second_number,
                entry_id AS first_text, CAST(NULL AS TEXT) AS second_text
            FROM ent_ledger WHERE entry_id = ?
            """
        }.joined(separator: "\nUNION ALL\n"),
    ]

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
                ledgerEntries.insert(try row.string("first_text"))
            case "n":
                notificationSeen = true
            default:
                owners.append((try row.string("first_text"), try row.string("second_text")))
            }
        }
    }

    /// An empty snapshot: nothing stored.
    init() {}
}
