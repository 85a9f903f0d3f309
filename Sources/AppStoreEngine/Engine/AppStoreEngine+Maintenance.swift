import StoreModel
import StoreStorage

/// SKTestSession's housekeeping: clearing and deleting transactions.
extension AppStoreEngine {
    /// Deletes every transaction of an app (`clearTransactions()`): subscriptions, purchases, pending requests
    /// and the updates feed. Accounts, app transactions and the outbox stay.
    public func clearTransactions(bundleId: String) async throws(AppStoreEngineError) {
        _ = try await perform { scope throws(AppStoreEngineError) in
            _ = try scope.app(bundleId)
            try scope.tables.keepVersions(before: EngineTables.finalVersion, where: "bundle_id = ?", [.text(bundleId)])
            for table in ["transactions", "chains", "updates", "pending_purchases"] {
                try scope.tables.execute("DELETE FROM \(table) WHERE bundle_id = ?", [.text(bundleId)])
            }
            return true
        }
    }

    /// Deletes one transaction (`deleteTransaction(identifier:)`) with what depends on it: a subscription's
    /// whole chain with its renewals and family members' chains, or a one-time purchase with its family copies.
    public func deleteTransaction(_ transactionId: String) async throws(AppStoreEngineError) {
        _ = try await perform { scope throws(AppStoreEngineError) in
            let stored = try scope.storedTransaction(transactionId)
            var originals = [stored.originalTransactionId]
            if stored.productType == .autoRenewable {
                originals += try scope.tables.memberChains(of: stored.originalTransactionId)
                    .map(\.lifecycle.originalTransactionId)
            } else {
                originals += try scope.tables.familyCopies(of: stored.id).map(\.id)
            }
            for original in originals {
                let key = try EngineTables.key(original)
                try scope.tables.deleteTransactions(originalTransactionId: key)
                try scope.tables.deleteChains(where: "original_transaction_id = ?", [.integer(key)])
            }
            return true
        }
    }
}
