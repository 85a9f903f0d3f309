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
    /// What the chain's events need of its owner's account and app transaction, as its row keeps them; `nil`
    /// when the row keeps neither (they are then read from the account and the app transaction).
    var owner: ChainOwner?
    /// The row's due columns as stored, `nil` for a chain not stored yet: saving a stored chain whose due event
    /// did not move leaves them (and the due index's entry, which SQLite rewrites whenever an `UPDATE` sets them,
    /// to the same values or not) alone.
    var storedDue: DueColumns?

    /// The due columns of a chain's row: when its due event fires, and its tie-breaking sequence number.
    struct DueColumns: Equatable, Sendable {
        var date: Int64?
        var sequence: Int64?
    }

    /// The due columns this chain's row should hold.
    var dueColumns: DueColumns {
        guard let due = lifecycle.dueEvent else { return DueColumns(date: nil, sequence: nil) }
        return DueColumns(date: due.date.milliseconds, sequence: dueSequence)
    }

    init(
        lifecycle: SubscriptionLifecycle, dueSequence: Int64?, storedProductId: String? = nil,
        latestTransactionKey: Int64? = nil, owner: ChainOwner? = nil, storedDue: DueColumns? = nil
    ) {
        self.lifecycle = lifecycle
        self.dueSequence = dueSequence
        self.storedProductId = storedProductId
        self.latestTransactionKey = latestTransactionKey
        self.owner = owner
        self.storedDue = storedDue
    }
}

/// What a chain's events need of its owner, kept in the chain's row: the account's storefront (written again
/// whenever the account changes) and its app transaction's ID in the chain's app (fixed once made).
struct ChainOwner: Sendable, Hashable {
    /// The owner's storefront.
    var storefront: Storefront
    /// The owner's `appTransactionId` in the chain's app, `nil` when the row does not keep it.
    var appTransactionId: String?

    init(storefront: Storefront, appTransactionId: String?) {
        self.storefront = storefront
        self.appTransactionId = appTransactionId
    }

    /// What a chain started in `context` keeps of its owner.
    init(_ context: LifecycleContext) {
        self.init(storefront: context.storefront, appTransactionId: context.appTransactionId)
    }
}
