import TiendaKit

/// Every element of a finite transaction sequence.
func collect(_ sequence: Transaction.Transactions) async -> [VerificationResult<Transaction>] {
    var results: [VerificationResult<Transaction>] = []
    for await result in sequence { results.append(result) }
    return results
}

/// The product identifiers of the verified transactions of a finite sequence, sorted.
func verifiedProductIDs(_ sequence: Transaction.Transactions) async -> [String] {
    await collect(sequence).compactMap { try? $0.payloadValue.productID }.sorted()
}

/// Reads `count` elements of `Transaction.updates` (or of another endless sequence).
func next(
    _ count: Int, from iterator: inout Transaction.Transactions.AsyncIterator
) async -> [VerificationResult<Transaction>] {
    var results: [VerificationResult<Transaction>] = []
    while results.count < count, let result = await iterator.next() { results.append(result) }
    return results
}

extension Product.PurchaseResult {
    /// The verified transaction of a successful purchase.
    var verifiedTransaction: Transaction? {
        if case .success(.verified(let transaction)) = self { return transaction }
        return nil
    }
}
