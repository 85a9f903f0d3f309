/// The customer's subscriptions in one subscription group.
public struct SubscriptionGroupIdentifierItem: Codable, Hashable, Sendable {
    /// The identifier of the subscription group.
    public var subscriptionGroupIdentifier: String?
    /// The latest transaction of each subscription in the group.
    public var lastTransactions: [LastTransactionsItem]?

    /// Creates a value; every field defaults to absent.
    public init(subscriptionGroupIdentifier: String? = nil, lastTransactions: [LastTransactionsItem]? = nil) {
        self.subscriptionGroupIdentifier = subscriptionGroupIdentifier
        self.lastTransactions = lastTransactions
    }
}
