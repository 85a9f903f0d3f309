extension StoreClient {
    /// `Product.products(for:)` through this client.
    func products(for identifiers: [String]) async throws(StoreKitError) -> [Product] {
        guard !identifiers.isEmpty else { return [] }
        return try await backend.products(for: identifiers).map { $0.attached(to: self) }
    }

    /// `Transaction.currentEntitlements`, but telling a failure apart from "nothing": the entitlement layer must
    /// not take access away because the store could not be asked.
    func currentEntitlements() async throws(StoreKitError) -> [VerificationResult<Transaction>] {
        let signed = try await backend.currentEntitlements()
        return verifyTransactions(signed, simulated: await backend.simulatedVerificationError())
    }

    /// The verified app transaction.
    func appTransaction() async throws(StoreKitError) -> VerificationResult<AppTransaction> {
        try await AppTransaction.fetch(client: self)
    }
}
