extension Store {
    /// Delivers a verified transaction, then finishes it — in that order, so a crash in between delivers it
    /// again at the next launch instead of losing it (seed 001):
    ///
    /// - a revoked transaction takes back what it gave (the ledger's coins, its capabilities);
    /// - a consumable is credited to the ledger, durably and at most once per transaction identifier;
    /// - anything else is reconciled from current entitlements, and the cache written.
    ///
    /// - Returns: Whether the transaction was delivered and finished (`false` leaves it unfinished and reports
    ///   ``StoreMessage/Kind/deliveryFailed``).
    @discardableResult
    func deliver(_ transaction: Transaction) async -> Bool {
        if transaction.revocationDate != nil {
            if transaction.productType == .consumable, let ledger {
                do {
                    try await ledger.reverse(transactionID: transaction.id)
                } catch {
                    report(.deliveryFailed, "A refund could not be recorded; it will be retried at the next launch.")
                    return false
                }
                await refreshBalance()
            }
            await refreshEntitlements()
            await transaction.finish()
            lastDeliveredTransaction = transaction
            return true
        }
        if transaction.productType == .consumable {
            let amount = (configuration.consumableAmounts[transaction.productID] ?? 0) * transaction.purchasedQuantity
            guard let ledger else {
                report(.deliveryFailed, "This app has no ledger for \(transaction.productID).")
                return false
            }
            do {
                try await ledger.credit(transactionID: transaction.id, productID: transaction.productID, amount: amount)
            } catch {
                report(.deliveryFailed, "Your purchase could not be recorded; it will be delivered at the next launch.")
                return false
            }
            await refreshBalance()
        } else {
            await refreshEntitlements()
        }
        await transaction.finish()
        pendingProductIDs.remove(transaction.productID)
        lastDeliveredTransaction = transaction
        return true
    }

    /// Handles one element of `Transaction.updates`: unverified transactions grant nothing.
    func process(_ update: VerificationResult<Transaction>) async {
        switch update {
        case .verified(let transaction):
            await deliver(transaction)
        case .unverified(let transaction, let error):
            report(.unverifiedTransaction, "A transaction for \(transaction.productID) failed verification (\(error)).")
        }
    }

    /// Starts the updates listener: unfinished transactions at launch, then renewals, approvals, refunds and
    /// purchases made elsewhere. It holds the store weakly, so the store can go away and cancel it.
    func startListening() {
        let updates = Transaction.Transactions.updates(client)
        listener.set(Task { [weak self] in
            for await update in updates {
                guard let self else { return }
                await self.process(update)
            }
        })
    }
}
