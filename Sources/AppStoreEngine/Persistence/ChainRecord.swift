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

    init(lifecycle: SubscriptionLifecycle, dueSequence: Int64?, storedProductId: String? = nil) {
        self.lifecycle = lifecycle
        self.dueSequence = dueSequence
        self.storedProductId = storedProductId
    }
}
