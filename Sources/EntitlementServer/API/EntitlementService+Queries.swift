import Foundation
import StoreModel

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
