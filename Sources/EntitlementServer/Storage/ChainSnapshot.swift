import StoreStorage

/// What one write needs to know before it changes anything: the stored version of its transaction, its chain's
/// registers and the chain's owners, read in a single statement. On PostgreSQL every statement is a round trip
/// to the server, so reading the three together saves two of them per notification.
///
/// The snapshot is taken after the write holds its chain's lock (``KeyLock``) and before it changes any of the
/// three tables, so it is what each step would have read on its own.
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

    /// The stored version of the transaction asked for, or `nil` when it is not stored (or was not asked for).
    var transaction: StoredTransaction?
    /// The chain's registers, or `nil` when the chain has no row (or was not asked for).
    var registers: StoredRegisters?
    /// The chain's owners, oldest first (empty when not asked for).
    var owners: [(account: String, role: String)] = []

    /// Reads the stored version of `transactionId` and the registers and owners of `chain`, whichever are given.
    static func read(transactionId: String?, chain: String?, in database: SQLTransaction) throws -> ChainSnapshot {
        var parts: [String] = []
        var parameters: [SQLValue] = []
        if let transactionId {
            parts.append(
                """
                SELECT 't' AS part, signed_date AS first_number, revocation_date AS second_number, payload AS first_text,
                    CAST(NULL AS TEXT) AS second_text
                FROM ent_transactions WHERE transaction_id = ?
                """)
            parameters.append(.text(transactionId))
        }
        if let chain {
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
        var snapshot = ChainSnapshot()
        guard !parts.isEmpty else { return snapshot }
        let rows = try database.query(
            parts.joined(separator: "\nUNION ALL\n") + "\nORDER BY part, first_number, first_text", parameters)
        for row in rows {
            switch try row.string("part") {
            case "t":
                snapshot.transaction = StoredTransaction(
                    signedDate: try row.int64("first_number"), payload: try row.string("first_text"),
                    isRevoked: try row.optionalInt64("second_number") != nil)
            case "c":
                snapshot.registers = StoredRegisters(
                    status: EvidenceOrder(signedDate: try row.int64("first_number"), tiebreak: try row.string("first_text")),
                    renewal: EvidenceOrder(signedDate: try row.int64("second_number"), tiebreak: try row.string("second_text")))
            default:
                snapshot.owners.append((try row.string("first_text"), try row.string("second_text")))
            }
        }
        return snapshot
    }
}
