import StoreModel
import StoreStorage

/// The consumable ledger: an append-only list of entries, each inserted at most once under a key derived from
/// the transaction, so a purchase credits exactly once however often it is seen.
///
/// For a consumable transaction of a product with a `consumable` credit:
/// - `credit:<transactionId>`: `+quantity × amount`, at the purchase date;
/// - `debit:<transactionId>`: the compensating `−quantity × amount` once any version of the transaction carries a
///   `revocationDate` (a refund);
/// - `reinstate:<transactionId>`: `+quantity × amount` when the transaction's latest version is no longer revoked
///   after a debit (a reversed refund).
///
/// The result depends only on the set of versions seen, not their order. Balances may go negative: a refund
/// after the credits were spent is debited in full (see ``spend(account:currency:amount:key:at:in:)``).
struct LedgerWriter {
    let configuration: EntitlementServerConfiguration

    /// An entry to insert once, and the event it makes when the insert is new.
    struct Entry {
        /// The entry's identifier (`credit:<transactionId>`, …).
        let id: String
        let statement: SQLStatement
        let event: NormalizedEvent
    }

    /// Every entry `transaction` can make (`credit:`, `debit:` and `reinstate:<transactionId>`), whose existence a
    /// write reads before ``plan(_:write:storedRevoked:debited:)``, or `nil` when it makes none. Entries are derived
    /// from the transaction, so the write's chain lock orders every write of them.
    func entryIds(for transaction: JWSTransactionDecodedPayload) -> [String]? {
        guard credit(for: transaction) != nil, let transactionId = transaction.transactionId else { return nil }
        return ["credit:\(transactionId)", "debit:\(transactionId)", "reinstate:\(transactionId)"]
    }

    /// The identifier of the entry that debits a refunded `transactionId`.
    static func debitEntryId(transactionId: String) -> String {
        "debit:\(transactionId)"
    }

    /// The entries `transaction` calls for, each an `INSERT … ON CONFLICT DO NOTHING`; the caller inserts those that
    /// do not exist yet (``entryIds(for:)``) and emits their events.
    /// - Parameters:
    ///   - write: What storing this version of the transaction did.
    ///   - storedRevoked: Whether the version stored before this write was revoked.
    ///   - debited: Whether the debit entry existed before this write.
    func plan(_ transaction: JWSTransactionDecodedPayload, write: TransactionRegister.Write, storedRevoked: Bool, debited: Bool) -> [Entry] {
        guard let credit = credit(for: transaction), let transactionId = transaction.transactionId else { return [] }
        let units = Int64(max(transaction.quantity ?? 1, 1))
        let amount = units * credit.amount
        let chain = transaction.originalTransactionId ?? transactionId
        func entry(_ kind: String, _ signedAmount: Int64, at instant: Timestamp?, event: EventKind, suffix: String?) -> Entry {
            Entry(
                id: "\(kind):\(transactionId)",
                statement: SQLStatement(
                    Self.entrySQL,
                    [.text("\(kind):\(transactionId)"), .text(transactionId), .text(chain), .text(credit.currency),
                     .integer(signedAmount), .text(kind), .integer(instant?.milliseconds ?? 0)]),
                event: NormalizedEvent(
                    id: "\(event.rawValue):\(transactionId)" + (suffix.map { ":\($0)" } ?? ""), type: event,
                    occurredAt: instant?.milliseconds ?? 0, originalTransactionId: chain, transactionId: transactionId,
                    productId: transaction.productId, environment: transaction.environment?.rawValue,
                    currency: credit.currency, amount: signedAmount))
        }
        let revoked = transaction.revocationDate != nil
        var entries = [entry("credit", amount, at: transaction.purchaseDate, event: .consumableCredited, suffix: nil)]
        if revoked {
            entries.append(entry("debit", -amount, at: transaction.revocationDate, event: .consumableDebited, suffix: nil))
        }
        // A transaction stored for the first time, unrevoked, cannot have been debited.
        if write == .inserted, !revoked { return entries }
        // After this write: the latest stored version, and whether a debit exists.
        let latestRevoked: Bool
        switch write {
        case .inserted, .updated: latestRevoked = revoked
        case .stale, .none: latestRevoked = storedRevoked
        }
        if debited || revoked, !latestRevoked {
            entries.append(entry("reinstate", amount, at: transaction.signedDate, event: .consumableCredited, suffix: "reinstated"))
        }
        return entries
    }

    /// The statement text that inserts a transaction's entry once: entry, transaction, chain, currency, amount,
    /// kind, instant.
    static let entrySQL = """
        INSERT INTO ent_ledger (entry_id, account_id, transaction_id, original_transaction_id, currency, amount, kind, at)
        VALUES (?, NULL, ?, ?, ?, ?, ?, ?) ON CONFLICT (entry_id) DO NOTHING
        """

    private func credit(for transaction: JWSTransactionDecodedPayload) -> ConsumableCredit? {
        guard transaction.type == .consumable else { return nil }
        return configuration.rule(for: transaction.productId)?.consumable
    }

    /// Debits `amount` from an account's balance for something the app sold it, once per `key`, refusing to go
    /// below zero.
    /// - Returns: The balance after the spend (unchanged when `key` was used before).
    static func spend(
        account: String, currency: String, amount: Int64, key: String, at instant: Timestamp, in database: SQLTransaction
    ) throws -> SpendResult {
        let entryId = "spend:\(account):\(key)"
        if try database.queryFirst("SELECT 1 AS found FROM ent_ledger WHERE entry_id = ?", [.text(entryId)]) != nil {
            return .alreadyApplied(balance: try LedgerReader.balance(account: account, currency: currency, in: database))
        }
        let balance = try LedgerReader.balance(account: account, currency: currency, in: database)
        guard balance >= amount else { return .insufficient(balance: balance) }
        try database.execute(
            """
            INSERT INTO ent_ledger (entry_id, account_id, transaction_id, original_transaction_id, currency, amount, kind, at)
            VALUES (?, ?, NULL, NULL, ?, ?, 'spend', ?)
            """, [.text(entryId), .text(account), .text(currency), .integer(-amount), .integer(instant.milliseconds)])
        try AccountVersions.bump(account, at: instant, in: database)
        return .spent(balance: balance - amount)
    }
}

/// The outcome of a spend.
public enum SpendResult: Hashable, Sendable {
    /// The amount was debited; the new balance.
    case spent(balance: Int64)
    /// This idempotency key was used before; nothing changed.
    case alreadyApplied(balance: Int64)
    /// The balance is too low; nothing changed.
    case insufficient(balance: Int64)
}
