import StoreModel

/// What one ``NotificationDeliverer/deliverDue()`` did.
public struct DeliveryRound: Hashable, Sendable {
    /// The attempts made, per URL in the order sent (URLs are served concurrently).
    public var sends: [DeliverySend]
    /// When the next attempt of anything still pending falls due (a retry, a delayed or held first attempt);
    /// `nil` when nothing waits. New notifications are not foreseen.
    public var nextDueDate: Timestamp?

    /// Creates a record.
    public init(sends: [DeliverySend], nextDueDate: Timestamp?) {
        self.sends = sends
        self.nextDueDate = nextDueDate
    }
}
