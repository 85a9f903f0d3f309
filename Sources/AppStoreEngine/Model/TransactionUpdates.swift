import StoreModel

/// A page of an account's `Transaction.updates` feed.
public struct TransactionUpdates: Hashable, Sendable {
    /// The updates, oldest first.
    public var updates: [TransactionUpdate]
    /// The cursor to read on from: pass it as `after` next time.
    public var cursor: Int64
    /// Whether more updates wait after this page.
    public var hasMore: Bool
}
