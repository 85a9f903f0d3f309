import EntitlementServer
import StoreModel
import Foundation
import StoreStorage

/// Everything that makes up the entitlement state, as comparable text: stored transactions, chain registers,
/// owners, ledger entries, the set of notifications seen, and every account's answer at several instants.
enum StateDump {
    static func dump(_ harness: Harness, accounts: [String], at instants: [Timestamp]) async throws -> [String] {
        var lines: [String] = []
        let queries = [
            "SELECT * FROM ent_transactions ORDER BY transaction_id",
            """
            SELECT original_transaction_id, status, status_signed_date, status_tiebreak, renewal_payload, renewal_signed_date,
                renewal_tiebreak FROM ent_chains ORDER BY original_transaction_id
            """,
            "SELECT original_transaction_id, account_id, role FROM ent_owners ORDER BY original_transaction_id, account_id",
            "SELECT entry_id, account_id, currency, amount, kind, at FROM ent_ledger ORDER BY entry_id",
            "SELECT notification_uuid FROM ent_notifications ORDER BY notification_uuid",
        ]
        for sql in queries {
            for row in try await harness.database.query(sql) {
                lines.append(row.values.map(render).joined(separator: "|"))
            }
        }
        for instant in instants {
            harness.clock.set(instant)
            for account in accounts.sorted() {
                let answer = try await harness.service.entitlements(account: account)
                lines.append("\(instant.milliseconds) \(account) \(answer.capabilities) \(answer.consumables.sorted { $0.key < $1.key })")
            }
        }
        return lines
    }

    /// A value in full (SQLValue's description shortens long text).
    private static func render(_ value: SQLValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let number): "\(number)"
        case .real(let number): "\(number)"
        case .text(let text): text
        case .blob(let data): data.base64EncodedString()
        case .bytes(let bytes): Data(bytes).base64EncodedString()
        case .array(let array): "\(array)"
        }
    }
}
