import StoreModel

/// A subscription chain as stored: its lifecycle and the sequence number of its due event.
struct ChainRecord: Sendable {
    /// The lifecycle.
    var lifecycle: SubscriptionLifecycle
    /// The due event's tie-breaking sequence number.
    var dueSequence: Int64?
    /// The product of the row as stored, `nil` for a chain not stored yet: saving a stored chain updates only
    /// the columns that can change (and the product's index only when the product changed).
    var storedProductId: String?
    /// The ID of the chain's transaction stored last, `nil` before its first: the next one stored names it
    /// (`transactions.previous_transaction_id`), and reads walk back from it (`chains.latest_transaction_id`).
    var latestTransactionKey: Int64?

    init(
        lifecycle: SubscriptionLifecycle, dueSequence: Int64?, storedProductId: String? = nil,
        latestTransactionKey: Int64? = nil
    ) {
        self.lifecycle = lifecycle
        self.dueSequence = dueSequence
        self.storedProductId = storedProductId
        self.latestTransactionKey = latestTransactionKey
    }
}
