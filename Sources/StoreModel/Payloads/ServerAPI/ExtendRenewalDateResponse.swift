/// The response of Extend a Subscription Renewal Date.
public struct ExtendRenewalDateResponse: Codable, Hashable, Sendable {
    /// The transaction identifier of the original purchase.
    public var originalTransactionId: String?
    /// The identifier of the subscription purchase event.
    public var webOrderLineItemId: String?
    /// Whether the renewal date was extended.
    public var success: Bool?
    /// The new renewal date.
    public var effectiveDate: Timestamp?

    /// Creates a value; every field defaults to absent.
    public init(
        originalTransactionId: String? = nil,
        webOrderLineItemId: String? = nil,
        success: Bool? = nil,
        effectiveDate: Timestamp? = nil
    ) {
        self.originalTransactionId = originalTransactionId
        self.webOrderLineItemId = webOrderLineItemId
        self.success = success
        self.effectiveDate = effectiveDate
    }
}
