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

    /// Records the entries `transaction` calls for and returns the events of the new ones.
    func record(
        _ transaction: JWSTransactionDecodedPayload, write: TransactionRegister.Write, in database: SQLTransaction
    ) throws -> [NormalizedEvent] {
        guard transaction.type == .consumable, let credit = configuration.rule(for: transaction.productId)?.consumable,
            let transactionId = transaction.transactionId
        else { return [] }
        let units = Int64(max(transaction.quantity ?? 1, 1))
        let amount = units * credit.amount
        let chain = transaction.originalTransactionId ?? transactionId
        var events: [NormalizedEvent] = []
        func entry(_ kind: String, _ signedAmount: Int64, at instant: Timestamp?, event: EventKind, suffix: String?) throws {
            let inserted = try database.execute(
                """
                INSERT INTO ent_ledger (entry_id, account_id, transaction_id, original_transaction_id, currency, amount, kind, at)
                VALUES (?, NULL, ?, ?, ?, ?, ?, ?) ON CONFLICT (entry_id) DO NOTHING
                """,
                [.text("\(kind):\(transactionId)"), .text(transactionId), .text(chain), .text(credit.currency),
                 .integer(signedAmount), .text(kind), .integer(instant?.milliseconds ?? 0)])
            guard inserted == 1 else { return }
            events.append(
                NormalizedEvent(
                    id: "\(event.rawValue):\(transactionId)" + (suffix.map { ":\($0)" } ?? ""), type: event,
                    occurredAt: instant?.milliseconds ?? 0, originalTransactionId: chain, transactionId: transactionId,
                    productId: transaction.productId, environment: transaction.environment?.rawValue,
                    currency: credit.currency, amount: signedAmount))
        }
        try entry("credit", amount, at: transaction.purchaseDate, event: .consumableCredited, suffix: nil)
        if transaction.revocationDate != nil {
            try entry("debit", -amount, at: transaction.revocationDate, event: .consumableDebited, suffix: nil)
        }
        // A transaction stored for the first time, unrevoked, cannot have been debited.
        if write == .inserted, transaction.revocationDate == nil { return events }
        let latestRevoked = try database.queryFirst(
            "SELECT revocation_date FROM ent_transactions WHERE transaction_id = ?", [.text(transactionId)]
        )?.optionalInt64("revocation_date") != nil
        let debited = try database.queryFirst(
            "SELECT 1 AS found FROM ent_ledger WHERE entry_id = ?", [.text("debit:\(transactionId)")]) != nil
        if debited, !latestRevoked {
            try entry("reinstate", amount, at: transaction.signedDate, event: .consumableCredited, suffix: "reinstated")
        }
        return events
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
