import Foundation
import StoreModel
import StoreStorage

/// Reads what an account owns, its grants and balances, and its history.
struct EntitlementReader {
    let database: any SQLDatabase

    /// The transactions of every chain the account owns, with the chains' registers.
    func ownedTransactions(of account: String) async throws -> [EntitlementEvaluator.OwnedTransaction] {
        let rows = try await database.query(
            """
            SELECT t.transaction_id, t.original_transaction_id, t.product_id, t.product_type, t.purchase_date,
                t.expires_date, t.revocation_date, t.is_upgraded, t.environment, o.role, c.status, c.renewal_payload
            FROM ent_owners o
            JOIN ent_transactions t ON t.original_transaction_id = o.original_transaction_id
            LEFT JOIN ent_chains c ON c.original_transaction_id = o.original_transaction_id
            WHERE o.account_id = ?
            """, [.text(account)])
        var renewals: [String: JWSRenewalInfoDecodedPayload] = [:]
        var owned: [EntitlementEvaluator.OwnedTransaction] = []
        owned.reserveCapacity(rows.count)
        for row in rows {
            let chain = try row.string("original_transaction_id")
            var renewal = renewals[chain]
            if renewal == nil, let json = try row.optionalString("renewal_payload") {
                renewal = try AppleJSON.decode(JWSRenewalInfoDecodedPayload.self, from: Data(json.utf8))
                renewals[chain] = renewal
            }
            let status = try row.optionalInt64("status").map { Status(rawValue: Int32($0)) }
            owned.append(
                EntitlementEvaluator.OwnedTransaction(
                    transaction: try Self.transaction(row, chain: chain), role: try row.string("role"), status: status,
                    renewal: renewal))
        }
        return owned
    }

    /// The transaction columns of a row.
    private static func transaction(_ row: SQLRow, chain: String) throws -> JWSTransactionDecodedPayload {
        JWSTransactionDecodedPayload(
            originalTransactionId: chain, transactionId: try row.string("transaction_id"),
            productId: try row.string("product_id"),
            purchaseDate: try row.optionalInt64("purchase_date").map(Timestamp.init(milliseconds:)),
            expiresDate: try row.optionalInt64("expires_date").map(Timestamp.init(milliseconds:)),
            type: ProductType(rawValue: try row.string("product_type")),
            revocationDate: try row.optionalInt64("revocation_date").map(Timestamp.init(milliseconds:)),
            isUpgraded: try row.bool("is_upgraded") ? true : nil,
            environment: AppStoreEnvironment(rawValue: try row.string("environment")))
    }

    /// The account's promotional grants.
    func grants(of account: String) async throws -> [EntitlementEvaluator.Grant] {
        try await database.query(
            """
            SELECT grant_id, capability, starts_at, expires_at, revoked_at, reason FROM ent_grants
            WHERE account_id = ? ORDER BY starts_at, grant_id
            """, [.text(account)]
        ).map { row in
            EntitlementEvaluator.Grant(
                grantId: try row.string("grant_id"), capability: try row.string("capability"),
                startsAt: try row.int64("starts_at"), expiresAt: try row.optionalInt64("expires_at"),
                revokedAt: try row.optionalInt64("revoked_at"), reason: try row.string("reason"))
        }
    }

    /// The account's balances by currency.
    func balances(of account: String) async throws -> [String: Int64] {
        try LedgerReader.balances(rows: try await database.query(LedgerReader.balancesSQL, [.text(account), .text(account)]))
    }

    /// The account's version (0 when it never had anything).
    func version(of account: String) async throws -> Int64 {
        try await database.queryFirst("SELECT version FROM ent_accounts WHERE account_id = ?", [.text(account)])?.int64("version") ?? 0
    }
}
