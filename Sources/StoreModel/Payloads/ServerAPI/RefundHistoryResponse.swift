/// The response of Get Refund History: one page of refunded transactions.
public struct RefundHistoryResponse: Codable, Hashable, Sendable {
    /// The refunded transactions as JWS.
    public var signedTransactions: [String]?
    /// The token to pass as `revision` to fetch the next page.
    public var revision: String?
    /// Whether more transactions follow.
    public var hasMore: Bool?

    /// Creates a value; every field defaults to absent.
    public init(signedTransactions: [String]? = nil, revision: String? = nil, hasMore: Bool? = nil) {
        self.signedTransactions = signedTransactions
        self.revision = revision
        self.hasMore = hasMore
    }
}
