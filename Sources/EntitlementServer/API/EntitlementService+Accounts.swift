import Foundation
import StoreModel
import StoreStorage

extension EntitlementService {
    /// Registers an `appAccountToken` as naming `account`: transactions carrying it link to that account. (A
    /// token that was never registered names the account whose identifier is the token itself.)
    public func registerAppAccountToken(_ token: String, account: String) async throws(EntitlementServiceError) {
        try Self.validate(account: account)
        guard let uuid = UUID(uuidString: token) else {
            throw .invalidRequest("appAccountToken must be a UUID, as Apple requires; got \"\(token)\".")
        }
        try await write(account: account) { transaction in try OwnershipWriter.register(token: uuid, account: account, in: transaction) }
    }

    /// Grants `capability` to `account` from `startsAt` (default now) until `expiresAt` (`nil`: until revoked),
    /// independently of the App Store. Granting the same `grantId` again changes nothing.
    public func grant(
        account: String, capability: String, grantId: String, startsAt: Timestamp? = nil, expiresAt: Timestamp?, reason: String
    ) async throws(EntitlementServiceError) -> Bool {
        try Self.validate(account: account)
        guard !capability.isEmpty, !grantId.isEmpty else { throw .invalidRequest("capability and grantId must not be empty.") }
        let now = currentTime()
        let start = startsAt ?? now
        if let expiresAt, expiresAt <= start { throw .invalidRequest("expiresAt must be after the grant starts.") }
        let endpoints = configuration.webhooks.map(\.name)
        defer { answers.invalidate([account]) }
        return try await write(account: account) { transaction in
            let inserted = try transaction.execute(
                """
                INSERT INTO ent_grants (grant_id, account_id, capability, starts_at, expires_at, revoked_at, reason, created_at)
                VALUES (?, ?, ?, ?, ?, NULL, ?, ?) ON CONFLICT (grant_id) DO NOTHING
                """,
                [.text(grantId), .text(account), .text(capability), .integer(start.milliseconds), SQLValue(expiresAt?.milliseconds),
                 .text(reason), .integer(now.milliseconds)])
            guard inserted == 1 else { return false }
            try AccountVersions.bump(account, at: now, in: transaction)
            _ = try EventWriter.store(
                NormalizedEvent(
                    id: "promotional_granted:\(grantId)", type: .promotionalGranted, occurredAt: now.milliseconds,
                    accountIds: [account], capabilities: [capability]),
                endpoints: endpoints, now: now, in: transaction)
            return true
        }
    }

    /// Revokes a promotional grant now.
    public func revokeGrant(account: String, grantId: String) async throws(EntitlementServiceError) {
        try Self.validate(account: account)
        let now = currentTime()
        let endpoints = configuration.webhooks.map(\.name)
        defer { answers.invalidate([account]) }
        let found = try await write(account: account) { transaction in
            guard let row = try transaction.queryFirst(
                "SELECT capability, revoked_at FROM ent_grants WHERE grant_id = ? AND account_id = ?", [.text(grantId), .text(account)])
            else { return false }
            guard try row.optionalInt64("revoked_at") == nil else { return true }
            try transaction.execute("UPDATE ent_grants SET revoked_at = ? WHERE grant_id = ?", [.integer(now.milliseconds), .text(grantId)])
            try AccountVersions.bump(account, at: now, in: transaction)
            _ = try EventWriter.store(
                NormalizedEvent(
                    id: "promotional_revoked:\(grantId)", type: .promotionalRevoked, occurredAt: now.milliseconds,
                    accountIds: [account], capabilities: [try row.string("capability")]),
                endpoints: endpoints, now: now, in: transaction)
            return true
        }
        guard found else { throw .notFound("Account \(account) has no grant \(grantId).") }
    }

    /// Spends `amount` of a consumable balance once per `idempotencyKey`, refusing to go below zero.
    public func spend(account: String, currency: String, amount: Int64, idempotencyKey: String) async throws(EntitlementServiceError)
        -> SpendResult
    {
        try Self.validate(account: account)
        guard amount > 0, !idempotencyKey.isEmpty else {
            throw .invalidRequest("amount must be positive and idempotencyKey must not be empty.")
        }
        let now = currentTime()
        defer { answers.invalidate([account]) }
        return try await write(account: account) { transaction in
            try LedgerWriter.spend(account: account, currency: currency, amount: amount, key: idempotencyKey, at: now, in: transaction)
        }
    }

    /// Runs one write about `account` through group commit, mapping storage failures to 503.
    func write<T: Sendable>(
        account: String, _ body: @escaping @Sendable (SQLTransaction) throws -> T
    ) async throws(EntitlementServiceError) -> T {
        do {
            return try await lanes.write(key: account, body)
        } catch {
            log("storage failure: \(error)")
            throw .unavailable("The write did not commit (\(error)); send it again.")
        }
    }
}
