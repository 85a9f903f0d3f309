/// The response of Get Transaction Info.
public struct TransactionInfoResponse: Codable, Hashable, Sendable {
    /// The transaction as a JWS whose payload is a `JWSTransactionDecodedPayload`.
    public var signedTransactionInfo: String?

    /// Creates a value; every field defaults to absent.
    public init(signedTransactionInfo: String? = nil) {
        self.signedTransactionInfo = signedTransactionInfo
    }
}
