extension Store {
    /// Buys a loaded product by identifier; reports ``StoreMessage/Kind/productNotLoaded`` when it is not loaded
    /// (the early-return path of seed 002 that must not fail silently).
    public func purchase(productID: String, quantity: Int = 1) async -> PurchaseOutcome {
        guard let product = product(productID) else {
            report(.productNotLoaded, "This product isn't available yet. Please try again in a moment.")
            return .failed
        }
        return await purchase(product, quantity: quantity)
    }

    /// Buys a product: delivered, persisted and finished on success; nothing changes when cancelled; pending
    /// purchases arrive later through the updates listener (seed 001).
    public func purchase(_ product: Product, quantity: Int = 1) async -> PurchaseOutcome {
        isProcessing = true
        defer { isProcessing = false }
        var options: Set<Product.PurchaseOption> = []
        if quantity != 1 { options.insert(.quantity(quantity)) }
        if let token = configuration.appAccountToken() { options.insert(.appAccountToken(token)) }
        let result: Product.PurchaseResult
        do {
            result = try await product.purchase(options: options)
        } catch let error as StoreKitError where error.isCancellation {
            return .cancelled
        } catch {
            report(.purchaseFailed, Self.describe(error))
            return .failed
        }
        switch result {
        case .success(.verified(let transaction)):
            return await deliver(transaction) ? .purchased(productID: transaction.productID) : .failed
        case .success(.unverified(_, let error)):
            report(.unverifiedTransaction, "The purchase could not be verified (\(error)); nothing was unlocked.")
            return .failed
        case .userCancelled:
            return .cancelled
        case .pending:
            pendingProductIDs.insert(product.id)
            return .pending
        }
    }

    /// The text to show for a purchase failure.
    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as Product.PurchaseError: error.errorDescription ?? "The purchase failed."
        case let error as StoreKitError: error.errorDescription ?? "The purchase failed."
        default: "The purchase failed: \(error)"
        }
    }
}
