/// The response of Get Transaction History: one page of signed transactions.
public struct HistoryResponse: Codable, Hashable, Sendable {
    /// The token to pass as `revision` to fetch the next page.
    public var revision: String?
    /// Whether more transactions follow.
    public var hasMore: Bool?
    /// The bundle identifier of the app.
    public var bundleId: String?
    /// The app's Apple ID.
    public var appAppleId: Int64?
    /// The server environment that answered.
    public var environment: AppStoreEnvironment?
    /// The transactions as JWS whose payloads are `JWSTransactionDecodedPayload`.
    public var signedTransactions: [String]?

    /// Creates a value; every field defaults to absent.
    public init(
        revision: String? = nil,
        hasMore: Bool? = nil,
        bundleId: String? = nil,
        appAppleId: Int64? = nil,
        environment: AppStoreEnvironment? = nil,
        signedTransactions: [String]? = nil
    ) {
        self.revision = revision
        self.hasMore = hasMore
        self.bundleId = bundleId
        self.appAppleId = appAppleId
        self.environment = environment
        self.signedTransactions = signedTransactions
    }
}
