/// An external purchase token that was not reported, sent with `EXTERNAL_PURCHASE_TOKEN`.
public struct ExternalPurchaseToken: Codable, Hashable, Sendable {
    /// The token's identifier; sandbox tokens start with `SANDBOX`.
    public var externalPurchaseId: String?
    /// When the token was created, in milliseconds since 1970 (a plain integer, as Apple types it).
    public var tokenCreationDate: Int64?
    /// The app's Apple ID.
    public var appAppleId: Int64?
    /// The bundle identifier of the app.
    public var bundleId: String?

    /// Creates a value; every field defaults to absent.
    public init(
        externalPurchaseId: String? = nil,
        tokenCreationDate: Int64? = nil,
        appAppleId: Int64? = nil,
        bundleId: String? = nil
    ) {
        self.externalPurchaseId = externalPurchaseId
        self.tokenCreationDate = tokenCreationDate
        self.appAppleId = appAppleId
        self.bundleId = bundleId
    }
}

extension ExternalPurchaseToken {
    /// The environment a verifier derives for the token: Sandbox when `externalPurchaseId` starts with
    /// `SANDBOX`, Production otherwise (the token has no environment field).
    public var impliedEnvironment: AppStoreEnvironment {
        (externalPurchaseId?.hasPrefix("SANDBOX") ?? false) ? .sandbox : .production
    }
}
