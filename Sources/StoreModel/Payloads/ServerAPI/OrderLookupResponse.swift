/// The response of Look Up Order ID.
public struct OrderLookupResponse: Codable, Hashable, Sendable {
    /// Whether the order ID is valid.
    public var status: OrderLookupStatus?
    /// The order's transactions as JWS.
    public var signedTransactions: [String]?

    /// Creates a value; every field defaults to absent.
    public init(status: OrderLookupStatus? = nil, signedTransactions: [String]? = nil) {
        self.status = status
        self.signedTransactions = signedTransactions
    }
}
