/// A renewal-date extension of one subscription.
public struct RenewalDateExtension: Hashable, Sendable {
    /// `extendByDays`: 1 to 90.
    public var days: Int
    /// `extendReasonCode`.
    public var reason: ExtendReasonCode
    /// `requestIdentifier`.
    public var requestIdentifier: String
    /// The chain's latest transaction, whose `expiresDate` moves.
    public var latestTransaction: JWSTransactionDecodedPayload

    /// Creates an extension.
    public init(
        days: Int, reason: ExtendReasonCode, requestIdentifier: String, latestTransaction: JWSTransactionDecodedPayload
    ) {
        self.days = days
        self.reason = reason
        self.requestIdentifier = requestIdentifier
        self.latestTransaction = latestTransaction
    }
}
