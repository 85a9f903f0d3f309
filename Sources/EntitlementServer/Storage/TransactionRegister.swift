import Foundation
import StoreModel
import StoreStorage

/// Stores each transaction by `transactionId` with its latest signed version: a version signed later replaces
/// the stored one, an older one is ignored. Versions signed in the same millisecond (a virtual clock that did not
/// move) are ordered revoked after unrevoked — a refund comes after its purchase — then by JSON text, so every
/// server agrees.
enum TransactionRegister {
    /// What an upsert did.
    enum Write: Hashable, Sendable {
        /// No transaction in the evidence.
        case none
        /// First time this transaction was seen.
        case inserted
        /// A later signed version replaced the stored one.
        case updated(wasRevoked: Bool)
        /// The stored version is as new or newer; nothing changed.
        case stale
    }

    /// What storing `transaction` does unless `stored` (its stored version, read by ``ChainSnapshot`` in the same
    /// transaction, `nil` when there is none) is as new or newer, the statement that does it, and the transaction's
    /// row (the values of ``insertSQL``, in its column order) when there is a statement.
    static func plan(
        _ transaction: JWSTransactionDecodedPayload, stored: ChainSnapshot.StoredTransaction?, evidence: VerifiedEvidence
    ) -> (write: Write, statement: SQLStatement?, row: [SQLValue]?) {
        guard let transactionId = transaction.transactionId else { return (.none, nil, nil) }
        let json = transaction.canonicalJSON()
        let signedDate = transaction.signedDate?.milliseconds ?? 0
        let values = columns(transaction, json: json, evidence: evidence)
        if let stored {
            let wasRevoked = stored.isRevoked
            let storedOrder = EvidenceOrder(
                signedDate: stored.signedDate, tiebreak: Self.tiebreak(revoked: wasRevoked, json: stored.payload))
            let incoming = EvidenceOrder(signedDate: signedDate, tiebreak: Self.tiebreak(revoked: transaction.revocationDate != nil, json: json))
            guard storedOrder < incoming else { return (.stale, nil, nil) }
            let update = SQLStatement(updateSQL, Array(values.dropFirst()) + [.text(transactionId)])
            return (.updated(wasRevoked: wasRevoked), update, values)
        }
        let insert = SQLStatement(insertSQL, values)
        return (.inserted, insert, values)
    }

    /// The statement text that stores a transaction seen for the first time, its 15 columns in order.
    static let insertSQL = """
        INSERT INTO ent_transactions (transaction_id, original_transaction_id, bundle_id, environment, product_id,
            product_type, purchase_date, expires_date, revocation_date, is_upgraded, quantity, ownership_type,
            app_account_token, signed_date, payload)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// The statement text that replaces a stored transaction: the columns of ``insertSQL`` after the first, then
    /// `transaction_id`.
    static let updateSQL = """
        UPDATE ent_transactions SET original_transaction_id = ?, bundle_id = ?, environment = ?, product_id = ?,
            product_type = ?, purchase_date = ?, expires_date = ?, revocation_date = ?, is_upgraded = ?,
            quantity = ?, ownership_type = ?, app_account_token = ?, signed_date = ?, payload = ?
        WHERE transaction_id = ?
        """

    /// The tie-breaker of versions signed in the same millisecond.
    private static func tiebreak(revoked: Bool, json: String) -> String {
        (revoked ? "1|" : "0|") + json
    }

    /// The transaction's columns, `transaction_id` first.
    private static func columns(
        _ transaction: JWSTransactionDecodedPayload, json: String, evidence: VerifiedEvidence
    ) -> [SQLValue] {
        [
            .text(transaction.transactionId ?? ""),
            .text(transaction.originalTransactionId ?? transaction.transactionId ?? ""),
            .text(transaction.bundleId ?? evidence.bundleId),
            .text((transaction.environment ?? evidence.environment).rawValue),
            .text(transaction.productId ?? ""),
            .text(transaction.type?.rawValue ?? ""),
            SQLValue(transaction.purchaseDate?.milliseconds),
            SQLValue(transaction.expiresDate?.milliseconds),
            SQLValue(transaction.revocationDate?.milliseconds),
            SQLValue(transaction.isUpgraded == true),
            .integer(Int64(transaction.quantity ?? 1)),
            SQLValue(transaction.inAppOwnershipType?.rawValue),
            SQLValue(AccountToken.canonical(transaction.appAccountToken)),
            .integer(transaction.signedDate?.milliseconds ?? 0),
            .text(json),
        ]
    }
}
