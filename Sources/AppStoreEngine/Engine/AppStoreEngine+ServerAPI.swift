import StoreModel
import StoreStorage

/// What the App Store Server API reads: the customer behind any of their transaction IDs, and server-side views
/// signed without device verification and untouched by simulated StoreKit errors (those belong to the device).
extension AppStoreEngine {
    /// The customer a transaction ID, original transaction ID or app transaction ID belongs to.
    /// - Throws: ``AppStoreEngineError/transactionNotFound(transactionId:)`` when no transaction or app
    ///   transaction has this identifier.
    public func customer(ofTransaction anyTransactionId: String) async throws(AppStoreEngineError) -> Customer {
        try await read { tables throws(AppStoreEngineError) in
            if let key = EngineTables.numeric(anyTransactionId),
                let row = try tables.queryFirst(
                    "SELECT bundle_id, account_id FROM transactions WHERE transaction_id = ?", [.integer(key)])
            {
                return Customer(bundleId: try row.text("bundle_id"), accountId: try row.text("account_id"))
            }
            guard let row = try tables.queryFirst(
                "SELECT bundle_id, account_id FROM app_transactions WHERE app_transaction_id = ?", [.text(anyTransactionId)])
            else { throw .transactionNotFound(transactionId: anyTransactionId) }
            return Customer(bundleId: try row.text("bundle_id"), accountId: try row.text("account_id"))
        }
    }

    /// Every transaction of a customer in the app, oldest first, unsigned. Finished consumables are left out
    /// unless refunded or `includingFinishedConsumables`, as `Transaction.all` and Get Transaction History do.
    public func customerTransactions(
        _ customer: Customer, includingFinishedConsumables: Bool = false
    ) async throws(AppStoreEngineError) -> [TransactionRecord] {
        try await read { tables throws(AppStoreEngineError) in
            var records: [TransactionRecord] = []
            for stored in try tables.transactions(bundleId: customer.bundleId, accountId: customer.accountId)
            where includingFinishedConsumables || stored.productType != .consumable || !stored.isFinished || stored.isRevoked {
                records.append(TransactionRecord(payload: try stored.payload(), accountId: stored.accountId, isFinished: stored.isFinished))
            }
            return records
        }
    }

    /// Transactions signed now for a server answer (no device verification), in the order of `ids`.
    public func signedTransactions(_ ids: [String]) async throws(AppStoreEngineError) -> [SignedTransaction] {
        try await perform { scope throws(AppStoreEngineError) in
            try ids.map { id throws(AppStoreEngineError) in try scope.signed(try scope.storedTransaction(id)) }
        }
    }

    /// Every subscription status of a customer in the app (Get All Subscription Statuses), signed now without
    /// device verification.
    public func serverSubscriptionStatuses(_ customer: Customer) async throws(AppStoreEngineError) -> [SubscriptionStatus] {
        try await perform { scope throws(AppStoreEngineError) in
            try scope.tables.chains(bundleId: customer.bundleId, accountId: customer.accountId).map { record throws(AppStoreEngineError) in
                try scope.status(of: record.lifecycle)
            }
        }
    }

    /// The customer's app transaction signed now without device verification (Get App Transaction Info), or `nil`
    /// when the customer never downloaded or bought in the app.
    public func serverAppTransaction(_ customer: Customer) async throws(AppStoreEngineError) -> SignedAppTransaction? {
        try await perform { scope throws(AppStoreEngineError) in
            let app = try scope.app(customer.bundleId)
            guard let record = try scope.tables.appTransactionRecord(bundleId: customer.bundleId, accountId: customer.accountId)
            else { return nil }
            let payload = AppTransaction(
                receiptType: app.environment, appAppleId: app.payloadAppAppleId, bundleId: app.bundleId,
                applicationVersion: app.bundleVersion, receiptCreationDate: scope.signingDate,
                originalPurchaseDate: record.originalPurchaseDate,
                originalApplicationVersion: record.originalApplicationVersion, appTransactionId: record.appTransactionId,
                originalPlatform: app.originalPlatform)
            return SignedAppTransaction(
                jws: try scope.environment.signer.sign(PayloadJSON.appTransaction(payload)), payload: payload)
        }
    }
}
