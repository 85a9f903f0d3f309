import Foundation
import StoreModel
import StoreStorage

/// Purchases, Ask to Buy, interrupted purchases and `finish()`.
extension AppStoreEngine {
    /// Buys a product, as `product.purchase(options:)` does (or StoreKit Testing's `buyProduct` with
    /// ``PurchaseOrigin/outsideApp``).
    ///
    /// Checks, in order: the simulated `Purchase` error, `failTransactionsEnabled`, whether the account may pay,
    /// the product and its availability, the quantity, and the offer (signature, nonce, eligibility). With Ask to
    /// Buy or interrupted purchases enabled the purchase waits as a ``PendingPurchase``.
    ///
    /// ```swift
    /// let result = try await engine.purchase(PurchaseRequest(
    ///     bundleId: app, accountId: "alice", productId: "com.example.coins.100", quantity: 3))
    /// let transaction = result.transaction   // price = 3 × 0.99 → 2970 milliunits
    /// ```
    public func purchase(_ request: PurchaseRequest) async throws(AppStoreEngineError) -> PurchaseResult {
        try await perform { scope throws(AppStoreEngineError) in try scope.purchase(request) }
    }

    /// Makes several purchases in one storage transaction, in order, as if ``purchase(_:)`` were called for each
    /// at the same instant: all of them commit together or, when one fails, none does and its error is thrown.
    ///
    /// For bulk work (fixtures, imports, load generation) where one commit per purchase would cost more than
    /// the purchases themselves. Each purchase raises the same notifications and answers with the same signed
    /// transaction as a single ``purchase(_:)``.
    /// - Returns: The result of each request, in order.
    public func purchase(batch requests: [PurchaseRequest]) async throws(AppStoreEngineError) -> [PurchaseResult] {
        try await perform { scope throws(AppStoreEngineError) in
            var results: [PurchaseResult] = []
            results.reserveCapacity(requests.count)
            try scope.prefetch(accountsOf: requests)
            // The purchases' new rows are written together (on SQLite), before any other statement reads the store.
            scope.tables.pending.isDeferring = scope.tables.writesRowsTogether
            defer { scope.tables.pending.isDeferring = false }
            for request in requests { results.append(try scope.purchase(request)) }
            try scope.tables.flushPendingRows()
            return results
        }
    }

    /// Approves an Ask to Buy request: the purchase happens now and its transaction arrives through the updates
    /// feed (`SUBSCRIBED/INITIAL_BUY` or `ONE_TIME_CHARGE`).
    @discardableResult
    public func approveAskToBuy(_ id: String) async throws(AppStoreEngineError) -> SignedTransaction {
        try await completePending(id, kind: .askToBuy)
    }

    /// Declines an Ask to Buy request: no transaction is ever created.
    public func declineAskToBuy(_ id: String) async throws(AppStoreEngineError) {
        _ = try await perform { scope throws(AppStoreEngineError) in
            let pending = try scope.tables.takePendingPurchase(id)
            guard pending.kind == .askToBuy else {
                throw .invalidAction("Pending purchase \(id) is an interrupted purchase; resolve it instead.")
            }
            return pending
        }
    }

    /// Resolves an interrupted purchase: it completes now and its transaction arrives through the updates feed.
    @discardableResult
    public func resolvePurchaseIssue(_ id: String) async throws(AppStoreEngineError) -> SignedTransaction {
        try await completePending(id, kind: .interrupted)
    }

    /// The purchases waiting for approval or resolution, oldest first.
    public func pendingPurchases(bundleId: String, accountId: String? = nil) async throws(AppStoreEngineError) -> [PendingPurchase] {
        try await read { tables throws(AppStoreEngineError) in
            if let accountId {
                return try tables.pendingPurchases(where: "bundle_id = ? AND account_id = ?", [.text(bundleId), .text(accountId)])
            }
            return try tables.pendingPurchases(where: "bundle_id = ?", [.text(bundleId)])
        }
    }

    /// Marks a transaction finished (`Transaction.finish()`); finishing twice does nothing.
    public func finish(transactionId: String) async throws(AppStoreEngineError) {
        _ = try await perform { scope throws(AppStoreEngineError) in
            guard try scope.tables.markFinished(transactionId) else { throw .transactionNotFound(transactionId: transactionId) }
            return true
        }
    }

    private func completePending(_ id: String, kind: PendingPurchase.Kind) async throws(AppStoreEngineError) -> SignedTransaction {
        try await perform { scope throws(AppStoreEngineError) in
            let pending = try scope.tables.takePendingPurchase(id)
            guard pending.kind == kind else {
                throw .invalidAction("Pending purchase \(id) is \(pending.kind.rawValue), not \(kind.rawValue).")
            }
            return try scope.completePurchase(scope.validatePurchase(pending.request), origin: .outsideApp)
        }
    }
}

extension OperationScope {
    /// One purchase inside the operation: the checks, the offer signature and nonce, then either a pending
    /// purchase (Ask to Buy, interrupted purchases) or the charge.
    func purchase(_ request: PurchaseRequest) throws(AppStoreEngineError) -> PurchaseResult {
        var request = try validatePurchase(request)
        let app = try app(request.bundleId)
        if case .promotional(let offerId, _, let nonce, _, _) = request.offer {
            try PromotionalOfferSignature.verify(request.offer!, request: request, catalog: app.catalog, now: now)
            guard try tables.useNonce(nonce.uuidString.lowercased(), at: now) else {
                throw .invalidOfferSignature(offer: offerId, reason: "its nonce was already used")
            }
            request.offer = .promotionalForTesting(offerID: offerId)
        }
        let pendingKind: PendingPurchase.Kind? =
            (request.simulatesAskToBuy ?? app.settings.askToBuyEnabled) ? .askToBuy
            : app.settings.interruptedPurchasesEnabled ? .interrupted : nil
        if let pendingKind {
            let pending = PendingPurchase(
                id: UUID().uuidString.lowercased(), kind: pendingKind, request: request, requestDate: now)
            try tables.insert(pending)
            return .pending(pending)
        }
        return .success(try completePurchase(request, origin: request.origin))
    }

    /// The checks StoreKit makes before charging, in its order; returns the request with a lowercase token.
    func validatePurchase(_ request: PurchaseRequest) throws(AppStoreEngineError) -> PurchaseRequest {
        let app = try app(request.bundleId)
        if let error = app.settings.activeError(for: .purchase) { throw .simulatedError(api: .purchase, error: error) }
        if app.settings.failTransactionsEnabled { throw .failedTransaction(code: app.settings.storeKitErrorCode) }
        let account = try account(request.accountId)
        guard account.canMakePayments else { throw .purchaseNotAllowed(accountId: account.id) }
        guard let product = app.catalog.product(id: request.productId), !app.productsNotForSale.contains(request.productId)
        else { throw .productUnavailable(productId: request.productId, bundleId: request.bundleId) }
        let allowed = OneTimePurchase.allowsQuantity(product.kind) ? 1...10 : 1...1
        guard allowed.contains(request.quantity) else {
            throw .invalidQuantity(productId: request.productId, quantity: request.quantity)
        }
        if let offer = request.offer, product.subscription == nil {
            throw .invalidOfferIdentifier(offer: offer.identifier, productId: request.productId)
        }
        return request
    }

    /// Charges a validated purchase and answers it with the new (or, when nothing is charged, the existing)
    /// transaction, signed now.
    func completePurchase(_ request: PurchaseRequest, origin: PurchaseOrigin) throws(AppStoreEngineError) -> SignedTransaction {
        let app = try app(request.bundleId)
        guard let product = app.catalog.product(id: request.productId) else {
            throw .productUnavailable(productId: request.productId, bundleId: request.bundleId)
        }
        let token = request.appAccountToken?.uuidString.lowercased()
        switch product {
        case .subscription(let subscription):
            let existing = try purchasedChain(
                bundleId: app.bundleId, accountId: request.accountId, groupId: subscription.subscriptionGroupID)
            var purchase = SubscriptionPurchase(
                productId: request.productId, appAccountToken: token, offer: request.offer?.requested,
                introductoryOfferEligibility: request.introductoryOfferEligibility)
            let applied: AppliedActions
            if var existing {
                purchase.latestTransaction = try payload(existing.lifecycle.latestTransactionId)
                applied = try handle(.purchase(purchase), on: &existing, origin: origin)
            } else {
                applied = try startChain(purchase, accountId: request.accountId, app: app, origin: origin)
            }
            guard let id = applied.completedPurchase else { throw .invalidAction("The purchase completed no transaction.") }
            return try signed(try storedTransaction(id), forDeviceOf: request.accountId)
        case .product(let standalone):
            return try signed(
                try buyOneTime(standalone, request: request, token: token, app: app, origin: origin),
                forDeviceOf: request.accountId)
        }
    }

    /// A consumable, non-consumable or non-renewing purchase: `ONE_TIME_CHARGE`, shared with the family for
    /// family-shareable non-consumables. Buying an owned non-consumable again returns the owned transaction.
    private func buyOneTime(
        _ product: StoreKitProduct, request: PurchaseRequest, token: String?, app: RegisteredApp, origin: PurchaseOrigin
    ) throws(AppStoreEngineError) -> StoredTransaction {
        if product.kind == .nonConsumable,
            let owned = try tables.transactions(
                where: "bundle_id = ? AND account_id = ? AND product_id = ? AND revoked = 0 AND family_source IS NULL",
                [.text(app.bundleId), .text(request.accountId), .text(product.productID)]).first
        {
            return owned
        }
        let context = try context(app: app, accountId: request.accountId)
        let id = counters.identifiers.makeTransactionId()
        let payload = OneTimePurchase.transaction(
            id: id, product: product, quantity: request.quantity, appAccountToken: token, context: context)
        let stored = try insert(payload, accountId: request.accountId, announced: origin == .outsideApp)
        enqueue(.oneTimeCharge, app: app, transaction: stored)
        if product.kind == .nonConsumable, product.familyShareable {
            try shareOneTimePurchase(stored, app: app)
        }
        return stored
    }
}

extension AppStoreEngine {
    /// Redeems an offer code in the offer-code redemption sheet (`presentOfferCodeRedeemSheet`): the purchase
    /// happens outside the purchase call, so the transaction arrives through the updates feed. The simulated
    /// `Offer Code Redeem Sheet` error applies.
    /// - Parameters:
    ///   - bundleId: The app.
    ///   - accountId: The customer.
    ///   - productId: The subscription the code is for.
    ///   - referenceName: The code's `referenceName` in the catalog.
    @discardableResult
    public func redeemOfferCode(
        bundleId: String, accountId: String, productId: String, referenceName: String
    ) async throws(AppStoreEngineError) -> SignedTransaction {
        try checkSimulatedError(for: .offerCodeRedeem, bundleId: bundleId)
        let result = try await purchase(PurchaseRequest(
            bundleId: bundleId, accountId: accountId, productId: productId,
            offer: .offerCode(referenceName: referenceName), simulatesAskToBuy: false, origin: .outsideApp))
        guard let transaction = result.transaction else {
            throw .invalidAction("The offer code redemption is waiting; resolve the interrupted purchase.")
        }
        return transaction
    }
}
