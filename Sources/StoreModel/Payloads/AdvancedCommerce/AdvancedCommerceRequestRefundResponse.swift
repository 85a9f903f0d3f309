/// The response of an Advanced Commerce refund request.
public struct AdvancedCommerceRequestRefundResponse: Codable, Hashable, Sendable {
    /// The refunded transaction as a JWS.
    public var signedTransactionInfo: String?

    /// Creates a value; every field defaults to absent.
    public init(signedTransactionInfo: String? = nil) {
        self.signedTransactionInfo = signedTransactionInfo
    }
}
