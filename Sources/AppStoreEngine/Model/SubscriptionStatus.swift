import StoreModel

/// One entry of StoreKit's `Product.SubscriptionInfo.status`: a chain's state, latest transaction and renewal
/// information, signed at issue.
public struct SubscriptionStatus: Hashable, Sendable {
    /// The state.
    public var state: RenewalState
    /// The state's raw value under the policy's `RenewalStateNumbering`.
    public var stateRawValue: Int
    /// The chain's latest transaction.
    public var transaction: SignedTransaction
    /// The chain's renewal information.
    public var renewalInfo: SignedRenewalInfo

    /// The chain's original transaction ID.
    public var originalTransactionId: String { transaction.payload.originalTransactionId ?? "" }
}
