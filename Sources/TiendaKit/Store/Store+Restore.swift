extension Store {
    /// "Restore Purchases" (seed 003): signs in with `AppStore.sync()`, reconciles access, and says what it
    /// found — restored N, none found for this account, or failed. A cancelled sign-in is not a failure.
    /// Call it only from the button: it asks the customer to sign in.
    @discardableResult
    public func restore() async -> RestoreOutcome {
        isProcessing = true
        defer { isProcessing = false }
        let outcome: RestoreOutcome
        do {
            try await AppStore.sync(client: client)
            await refreshEntitlements()
            let restored = ownedProductIDs.count
            outcome = restored > 0 ? .restored(restored) : .noneFound
        } catch where error.isCancellation {
            outcome = .cancelled
        } catch {
            let text = "Your purchases couldn't be restored. Check your connection and try again."
            report(.restoreFailed, text)
            outcome = .failed(text)
        }
        lastRestoreOutcome = outcome
        return outcome
    }
}
