import StoreModel

/// One entry of StoreKit's `Product.SubscriptionInfo.status`: a chain's state, latest transaction and renewal
/// information, signed at issue.
public struct SubscriptionStatus: Hashable, Sendable {
    /// The state.
    public var state: RenewalState
    /// The state's raw value under the policy's ``RenewalStateNumbering``.
    public var stateRawValue: Int
    /// The chain's latest transaction.
    public var transaction: SignedTransaction
    /// The chain's renewal information.
    public var renewalInfo: SignedRenewalInfo

    /// The chain's original transaction ID.
    public var originalTransactionId: String { transaction.payload.originalTransactionId ?? "" }
}

/// A page of an account's `Transaction.updates` feed.
public struct TransactionUpdates: Hashable, Sendable {
    /// The updates, oldest first.
    public var updates: [TransactionUpdate]
    /// The cursor to read on from: pass it as `after` next time.
    public var cursor: Int64
    /// Whether more updates wait after this page.
    public var hasMore: Bool
}

/// One entry of the updates feed: a transaction created or changed outside the purchase call, signed at issue.
public struct TransactionUpdate: Hashable, Sendable {
    /// The entry's position in the feed.
    public var sequence: Int64
    /// When the transaction was created or changed.
    public var date: Timestamp
    /// The transaction as it is now.
    public var transaction: SignedTransaction
}

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

/// Where a renewal-date extension for all subscribers stands (`MassExtendRenewalDateStatusResponse`).
public struct MassExtensionStatus: Hashable, Sendable, Codable {
    /// The request's identifier.
    public var requestIdentifier: String
    /// The app.
    public var bundleId: String
    /// The product whose subscribers are extended.
    public var productId: String
    /// The storefronts it is limited to (empty: all).
    public var storefrontCountryCodes: [String]
    /// How many days.
    public var extendByDays: Int
    /// Why.
    public var extendReasonCode: Int32
    /// When it was requested.
    public var requestDate: Timestamp
    /// Whether it finished.
    public var complete: Bool
    /// When it finished.
    public var completeDate: Timestamp?
    /// How many subscriptions were extended.
    public var succeededCount: Int64
    /// How many could not be.
    public var failedCount: Int64
}

/// Consumption information the developer sent for a refund request (Send Consumption Information).
public struct ConsumptionInformation: Hashable, Sendable {
    /// The transaction.
    public var transactionId: String
    /// The body as sent.
    public var request: ConsumptionRequest
    /// When it was recorded.
    public var recordDate: Timestamp
}
