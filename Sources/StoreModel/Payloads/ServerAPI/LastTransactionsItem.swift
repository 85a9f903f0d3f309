/// The latest transaction and renewal information of one subscription.
public struct LastTransactionsItem: Codable, Hashable, Sendable {
    /// The status of the subscription.
    public var status: Status?
    /// The transaction identifier of the original purchase.
    public var originalTransactionId: String?
    /// The latest transaction as a JWS.
    public var signedTransactionInfo: String?
    /// The renewal information as a JWS.
    public var signedRenewalInfo: String?

    /// Creates a value; every field defaults to absent.
    public init(
        status: Status? = nil,
        originalTransactionId: String? = nil,
        signedTransactionInfo: String? = nil,
        signedRenewalInfo: String? = nil
    ) {
        self.status = status
        self.originalTransactionId = originalTransactionId
        self.signedTransactionInfo = signedTransactionInfo
        self.signedRenewalInfo = signedRenewalInfo
    }
}
