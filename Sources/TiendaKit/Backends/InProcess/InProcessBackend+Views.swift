import AppStoreEngine
import StoreModel

extension InProcessBackend {
    /// The catalog's products with these identifiers, in the account's storefront currency and the app's locale.
    public func products(for identifiers: [String]) async throws(StoreKitError) -> [Product] {
        try await read { engine throws(AppStoreEngineError) in
            let app = try await engine.app(bundleID)
            let account = try await engine.account(accountID)
            let found = try await engine.products(bundleId: bundleID, productIds: identifiers)
            return found.map { product in
                Product(
                    catalogProduct: product, catalog: app.catalog, locale: app.settings.locale,
                    currencyCode: account.storefront.currency)
            }
        }
    }

    /// `Transaction.currentEntitlements` from the engine's views.
    public func currentEntitlements() async throws(StoreKitError) -> [String] {
        try await read { engine throws(AppStoreEngineError) in
            try await engine.currentEntitlements(bundleId: bundleID, accountId: accountID).map(\.jws)
        }
    }

    /// `Transaction.all`.
    public func allTransactions(productID: String?) async throws(StoreKitError) -> [String] {
        try await read { engine throws(AppStoreEngineError) in
            try await engine.allTransactions(bundleId: bundleID, accountId: accountID, productId: productID).map(\.jws)
        }
    }

    /// `Transaction.latest(for:)`.
    public func latestTransaction(productID: String) async throws(StoreKitError) -> String? {
        try await read { engine throws(AppStoreEngineError) in
            try await engine.latestTransaction(bundleId: bundleID, accountId: accountID, productId: productID)?.jws
        }
    }

    /// `Transaction.unfinished`.
    public func unfinishedTransactions() async throws(StoreKitError) -> [String] {
        try await read { engine throws(AppStoreEngineError) in
            try await engine.unfinishedTransactions(bundleId: bundleID, accountId: accountID).map(\.jws)
        }
    }

    /// The newest position of the account's updates feed.
    public func updatesCursor() async throws(StoreKitError) -> Int64 {
        try await read { engine throws(AppStoreEngineError) in
            var cursor: Int64 = 0
            while true {
                let page = try await engine.transactionUpdates(
                    bundleId: bundleID, accountId: accountID, after: cursor, limit: 500)
                cursor = page.cursor
                if !page.hasMore { return cursor }
            }
        }
    }

    /// Waits for entries of the updates feed after `cursor`; wakes when an operation changes the store.
    public func transactionUpdates(after cursor: Int64) async throws(StoreKitError) -> SignedUpdates {
        while true {
            let generation = changes.generation
            let page = try await read { engine throws(AppStoreEngineError) in
                try await engine.transactionUpdates(bundleId: bundleID, accountId: accountID, after: cursor)
            }
            if !page.updates.isEmpty {
                return SignedUpdates(transactions: page.updates.map(\.transaction.jws), cursor: page.cursor)
            }
            if Task.isCancelled { return SignedUpdates(transactions: [], cursor: cursor) }
            await changes.wait(after: generation)
        }
    }

    /// `Product.SubscriptionInfo.status(for:)`.
    public func subscriptionStatuses(groupID: String) async throws(StoreKitError) -> [SignedSubscriptionStatus] {
        try await read { engine throws(AppStoreEngineError) in
            try await engine.subscriptionStatuses(bundleId: bundleID, accountId: accountID, groupId: groupID).map { status in
                SignedSubscriptionStatus(
                    state: Int(status.state.status.rawValue), transaction: status.transaction.jws,
                    renewalInfo: status.renewalInfo.jws)
            }
        }
    }

    /// Whether the account never received an introductory offer in the group.
    public func isEligibleForIntroOffer(groupID: String) async throws(StoreKitError) -> Bool {
        try await read { engine throws(AppStoreEngineError) in
            try await engine.isEligibleForIntroOffer(bundleId: bundleID, accountId: accountID, groupId: groupID)
        }
    }

    /// `AppTransaction.shared`.
    public func appTransaction() async throws(StoreKitError) -> String {
        try await operation { engine throws(AppStoreEngineError) in
            try await engine.appTransaction(bundleId: bundleID, accountId: accountID).jws
        }
    }

    /// The `Verification` error StoreKit Testing simulates, if any.
    public func simulatedVerificationError() async -> VerificationError? {
        guard let simulated = try? await engine.simulatedError(for: .verification, bundleId: bundleID),
            simulated.type == .verification
        else { return nil }
        return VerificationError.allCases.indices.contains(simulated.index) ? VerificationError.allCases[simulated.index] : nil
    }
}
