import StoreModel

/// A subscription chain as stored: its lifecycle and the sequence number of its due event.
struct ChainRecord: Sendable {
    /// The lifecycle.
    var lifecycle: SubscriptionLifecycle
    /// The due event's tie-breaking sequence number.
    var dueSequence: Int64?
}
