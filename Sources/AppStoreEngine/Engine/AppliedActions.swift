import StoreModel

/// What applying a chain's actions did.
struct AppliedActions {
    /// Transactions created, in order.
    var created: [StoredTransaction] = []
    /// Transactions updated, in order.
    var updated: [StoredTransaction] = []
    /// The transaction a purchase is answered with.
    var completedPurchase: String?
    /// The raw actions.
    var actions: [LifecycleAction] = []
}
