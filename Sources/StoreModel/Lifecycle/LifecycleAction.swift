/// What the engine must do after the lifecycle handled an event, in order. Applying every action of one event
/// in one storage transaction keeps the event atomic.
///
/// The payloads are kept inline, not in `indirect` boxes: a payload runs to hundreds of bytes, so an event's few
/// actions take an allocation of a few kilobytes, but the engine moves each payload out of its action. Out of a
/// box it could only copy it, which retained each of its strings, and released them again with the box.
public enum LifecycleAction: Hashable, Sendable {
    /// Store a new transaction (unsigned; `signedDate` is set when it is signed).
    case createTransaction(JWSTransactionDecodedPayload)
    /// Replace a stored transaction with this version (same `transactionId`): a refund, a reversal,
    /// `isUpgraded`, a moved `expiresDate`, an app account token.
    case updateTransaction(JWSTransactionDecodedPayload)
    /// Sign and enqueue a notification.
    case enqueueNotification(NotificationDraft)
    /// Wake the chain at this moment (replacing any earlier due event of the chain).
    case scheduleDueEvent(LifecycleDueEvent)
    /// The chain waits for nothing any more.
    case cancelDueEvent
    /// Answer the purchase with this transaction: the new one, or the existing one when nothing was charged
    /// (a downgrade, or buying the current product again).
    case completePurchase(transactionId: String)
}

extension Array where Element == LifecycleAction {
    /// The notifications among the actions, in order.
    public var notifications: [NotificationDraft] {
        compactMap { action in
            if case .enqueueNotification(let draft) = action { return draft }
            return nil
        }
    }

    /// The transactions the actions create, in order.
    public var createdTransactions: [JWSTransactionDecodedPayload] {
        compactMap { action in
            if case .createTransaction(let transaction) = action { return transaction }
            return nil
        }
    }

    /// The transactions the actions update, in order.
    public var updatedTransactions: [JWSTransactionDecodedPayload] {
        compactMap { action in
            if case .updateTransaction(let transaction) = action { return transaction }
            return nil
        }
    }

    /// The transaction a purchase is answered with, if the actions complete one.
    public var completedPurchaseTransactionId: String? {
        for action in self {
            if case .completePurchase(let id) = action { return id }
        }
        return nil
    }
}
