/// One normalized event: what changed, for which chain and accounts, and why. Its ``id`` is stable (derived
/// from Apple's identifiers), so receivers deduplicate by it and the server never stores it twice.
public struct NormalizedEvent: Codable, Hashable, Sendable {
    /// The stable identifier, for example `capability_renewed:2000000000000042`.
    public var id: String
    /// What happened.
    public var type: EventKind
    /// When it happened on the App Store's timeline (the evidence's `signedDate`), in milliseconds.
    public var occurredAt: Int64
    /// The accounts owning the chain when the event was recorded.
    public var accountIds: [String]
    /// The subscription chain or purchase.
    public var originalTransactionId: String?
    /// The transaction concerned.
    public var transactionId: String?
    /// The product concerned.
    public var productId: String?
    /// The capabilities the product grants.
    public var capabilities: [String]
    /// `Production` or `Sandbox`.
    public var environment: String?
    /// The notification that carried the change, if any.
    public var notificationType: String?
    /// Its subtype.
    public var subtype: String?
    /// For ledger events: the balance.
    public var currency: String?
    /// For ledger events: the signed amount.
    public var amount: Int64?

    /// Creates an event.
    public init(
        id: String, type: EventKind, occurredAt: Int64, accountIds: [String] = [], originalTransactionId: String? = nil,
        transactionId: String? = nil, productId: String? = nil, capabilities: [String] = [], environment: String? = nil,
        notificationType: String? = nil, subtype: String? = nil, currency: String? = nil, amount: Int64? = nil
    ) {
        self.id = id
        self.type = type
        self.occurredAt = occurredAt
        self.accountIds = accountIds
        self.originalTransactionId = originalTransactionId
        self.transactionId = transactionId
        self.productId = productId
        self.capabilities = capabilities
        self.environment = environment
        self.notificationType = notificationType
        self.subtype = subtype
        self.currency = currency
        self.amount = amount
    }
}
