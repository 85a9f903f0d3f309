extension Product {
    /// How a purchase ended (`Product.PurchaseResult`).
    public enum PurchaseResult: Hashable, Sendable {
        /// The purchase completed: deliver, persist, then `finish()` the transaction.
        case success(VerificationResult<Transaction>)
        /// The customer closed the payment sheet: not an error, change nothing.
        case userCancelled
        /// Waiting for someone (Ask to Buy, an interrupted purchase): the transaction arrives later through
        /// ``Transaction/updates``.
        case pending
    }
}
