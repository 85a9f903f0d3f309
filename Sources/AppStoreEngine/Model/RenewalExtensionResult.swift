import StoreModel

/// The answer to a renewal-date extension (the App Store Server API's `ExtendRenewalDateResponse`).
public struct RenewalExtensionResult: Hashable, Sendable {
    /// The subscription.
    public var originalTransactionId: String
    /// The extended period's `webOrderLineItemId`.
    public var webOrderLineItemId: String
    /// Whether it was extended.
    public var success: Bool
    /// The new expiry.
    public var effectiveDate: Timestamp
}
