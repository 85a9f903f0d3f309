import StoreModel

/// One entry of the updates feed: a transaction created or changed outside the purchase call, signed at issue.
public struct TransactionUpdate: Hashable, Sendable {
    /// The entry's position in the feed.
    public var sequence: Int64
    /// When the transaction was created or changed.
    public var date: Timestamp
    /// The transaction as it is now.
    public var transaction: SignedTransaction
}
