import Foundation
import StoreModel
import StoreStorage

extension EntitlementService {
    /// What `account` may use now: capabilities with their sources, and consumable balances.
    public func entitlements(account: String) async throws(EntitlementServiceError) -> AccountEntitlements {
        try Self.validate(account: account)
        let reader = EntitlementReader(database: database)
        do {
            async let owned = reader.ownedTransactions(of: account)
            async let grants = reader.grants(of: account)
            async let balances = reader.balances(of: account)
            return EntitlementEvaluator(configuration: configuration, now: currentTime())
                .evaluate(account: account, owned: try await owned, grants: try await grants, balances: try await balances)
        } catch {
            throw .unavailable("Reading the account failed (\(error)).")
        }
    }

    /// The account's answer as JSON (sorted keys), served from the answer cache while the account's version is
    /// unchanged and no expiry has passed; otherwise computed afresh and cached.
    public func entitlementsJSON(account: String) async throws(EntitlementServiceError) -> [UInt8] {
        try Self.validate(account: account)
        if let cached = cachedEntitlementsJSON(account: account) { return cached }
        let ticket = answers.ticket(for: account)
        let version: Int64
        do {
            version = try await EntitlementReader(database: database).version(of: account)
        } catch {
            throw .unavailable("Reading the account failed (\(error)).")
        }
        let answer = try await entitlements(account: account)
        let body: [UInt8]
        do {
            body = Array(try AppleJSON.encoder(sortedKeys: true).encode(answer))
        } catch {
            throw .unavailable("Encoding the answer failed (\(error)).")
        }
        answers.store(AnswerCache.Entry(version: version, validUntil: answer.validUntil, body: body), for: account, ticket: ticket)
        return body
    }

    /// The cached answer, without touching the database; `nil` when there is none or it may be stale.
    func cachedEntitlementsJSON(account: String) -> [UInt8]? {
        answers.answer(for: account, now: currentTime().milliseconds)
    }

    /// Drops cached answers of accounts another server changed since `cutoff` (milliseconds of the writers'
    /// clocks); `EntitlementServerProcess` calls it every 100 ms with two seconds of overlap.
    public func refreshCachedAnswers(changedSince cutoff: Int64) async throws(EntitlementServiceError) {
        do {
            let rows = try await database.query(
                "SELECT account_id, version FROM ent_accounts WHERE updated_at >= ?", [.integer(cutoff)])
            answers.refresh(changes: try rows.map { (try $0.string("account_id"), try $0.int64("version")) })
        } catch {
            throw .unavailable("Reading account versions failed (\(error)).")
        }
    }

    /// How `account` got where it is, in time order.
    public func history(account: String) async throws(EntitlementServiceError) -> [HistoryEntry] {
        try Self.validate(account: account)
        do {
            return try await HistoryReader(database: database).history(of: account)
        } catch {
            throw .unavailable("Reading the history failed (\(error)).")
        }
    }
}
