import Foundation
import StoreModel
import StoreStorage

/// Who owns a chain: links by `appAccountToken`, claims by accounts under the restore policy, and the audit
/// trail of every decision.
struct OwnershipWriter {
    let policy: RestorePolicy
    let now: Timestamp

    /// The statements that link a chain that has no owner (the caller checked) to `account`: the account its
    /// `appAccountToken` is registered to (read by ``ChainSnapshot`` under the token's lock, ``tokenLockKey(_:)``),
    /// or the token itself as the account identifier. A chain that has an owner changes hands only through
    /// ``claim(chain:by:current:evidence:in:)`` and its policy.
    func linking(chain: String, to account: String, token: String) -> [SQLStatement] {
        [
            inserting(chain: chain, account: account, role: "owner"),
            auditing(chain: chain, account: account, previous: nil, decision: "linked", evidence: "appAccountToken \(token)"),
        ]
    }

    /// The key of the lock that orders reads and writes of one `appAccountToken`'s registration (lower-case text).
    static func tokenLockKey(_ token: String) -> String {
        "appAccountToken:\(token)"
    }

    /// Applies the restore policy to `account` presenting a transaction of `chain`, whose owners are `current`
    /// (read in the same transaction).
    func claim(
        chain: String, by account: String, current: [(account: String, role: String)], evidence: String,
        in database: SQLTransaction
    ) throws -> ClaimDecision {
        let decision: ClaimDecision
        if current.contains(where: { $0.account == account }) {
            return .alreadyOwned
        } else if let owner = current.first(where: { $0.role == "owner" })?.account ?? current.first?.account {
            switch policy {
            case .transfer:
                try database.execute("DELETE FROM ent_owners WHERE original_transaction_id = ?", [.text(chain)])
                try insertOwner(chain: chain, account: account, role: "owner", in: database)
                for previous in current { try AccountVersions.bump(previous.account, at: now, in: database) }
                decision = .transferred(from: current.map(\.account).sorted())
            case .keep:
                decision = .kept(owner: owner)
            case .share:
                try insertOwner(chain: chain, account: account, role: "shared", in: database)
                decision = .shared(owner: owner)
            }
            try audit(chain: chain, account: account, previous: owner, decision: decision.name, evidence: evidence, in: database)
            return decision
        } else {
            decision = .linked
        }
        try insertOwner(chain: chain, account: account, role: "owner", in: database)
        try audit(chain: chain, account: account, previous: nil, decision: decision.name, evidence: evidence, in: database)
        return decision
    }

    /// Registers `token` as naming `account`, so later transactions carrying it link to that account.
    static func register(token: UUID, account: String, in database: SQLTransaction) throws {
        try KeyLock.lock(tokenLockKey(token.uuidString.lowercased()), in: database)
        try database.execute(
            """
            INSERT INTO ent_account_tokens (app_account_token, account_id) VALUES (?, ?)
            ON CONFLICT (app_account_token) DO UPDATE SET account_id = excluded.account_id
            """, [.text(token.uuidString.lowercased()), .text(account)])
    }

    /// The chain's owners, oldest first.
    func owners(of chain: String, in database: SQLTransaction) throws -> [(account: String, role: String)] {
        try database.query(
            "SELECT account_id, role FROM ent_owners WHERE original_transaction_id = ? ORDER BY since, account_id", [.text(chain)]
        ).map { (try $0.string("account_id"), try $0.string("role")) }
    }

    private func insertOwner(chain: String, account: String, role: String, in database: SQLTransaction) throws {
        let statement = inserting(chain: chain, account: account, role: role)
        try database.execute(statement.sql, statement.parameters)
    }

    private func audit(
        chain: String, account: String, previous: String?, decision: String, evidence: String, in database: SQLTransaction
    ) throws {
        let statement = auditing(chain: chain, account: account, previous: previous, decision: decision, evidence: evidence)
        try database.execute(statement.sql, statement.parameters)
    }

    /// The statement text that adds an owner: chain, account, role, since.
    static let ownerSQL = """
        INSERT INTO ent_owners (original_transaction_id, account_id, role, since) VALUES (?, ?, ?, ?)
        ON CONFLICT (original_transaction_id, account_id) DO NOTHING
        """

    /// The statement text of an audit entry: at, chain, account, previous owner, policy, decision, evidence.
    static let auditSQL = """
        INSERT INTO ent_ownership_audit (at, original_transaction_id, account_id, previous_owner, policy, decision, evidence)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """

    private func inserting(chain: String, account: String, role: String) -> SQLStatement {
        SQLStatement(
            Self.ownerSQL, [.text(chain), .text(account), .text(role), .integer(now.milliseconds)])
    }

    private func auditing(chain: String, account: String, previous: String?, decision: String, evidence: String) -> SQLStatement {
        SQLStatement(
            Self.auditSQL,
            [.integer(now.milliseconds), .text(chain), .text(account), SQLValue(previous), .text(policy.rawValue), .text(decision),
             .text(evidence)])
    }
}
