/// The response of an Advanced Commerce cancel request.
public struct AdvancedCommerceSubscriptionCancelResponse: Codable, Hashable, Sendable {
    /// The subscription's renewal information as a JWS.
    public var signedRenewalInfo: String?
    /// The resulting transaction as a JWS.
    public var signedTransactionInfo: String?

    /// Creates a value; every field defaults to absent.
    public init(signedRenewalInfo: String? = nil, signedTransactionInfo: String? = nil) {
        self.signedRenewalInfo = signedRenewalInfo
        self.signedTransactionInfo = signedTransactionInfo
    }
}
