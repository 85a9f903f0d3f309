/// A customer of one app: the account that owns a transaction, in the app it was bought in. The App Store
/// Server API finds one from any transaction ID and answers with everything that customer owns in the app.
public struct Customer: Hashable, Sendable, Codable {
    /// The app.
    public var bundleId: String
    /// The account.
    public var accountId: String

    /// Creates a customer reference.
    public init(bundleId: String, accountId: String) {
        self.bundleId = bundleId
        self.accountId = accountId
    }
}
