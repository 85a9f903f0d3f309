import StoreModel

/// What applying a chain's actions did.
struct AppliedActions {
    /// Transactions created, in order.
    var created: [StoredTransaction] = []
    /// Transactions updated, in order.
    var updated: [StoredTransaction] = []
    /// The transaction a purchase is answered with.
    var completedPurchase: String?
    /// Whether a notification among the actions grants access to family members (`SUBSCRIBED` or
    /// `REFUND_REVERSED`), noted while the actions are applied so that following them needs no second pass.
    var grantsFamilyAccess = false
}
