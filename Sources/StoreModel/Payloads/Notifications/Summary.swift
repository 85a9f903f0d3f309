import Foundation

/// The result of a mass renewal-date extension, sent with `RENEWAL_EXTENSION` / `SUMMARY`.
public struct Summary: Codable, Hashable, Sendable {
    /// The server environment of the extension.
    public var environment: AppStoreEnvironment?
    /// The app's Apple ID.
    public var appAppleId: Int64?
    /// The bundle identifier of the app.
    public var bundleId: String?
    /// The product identifier of the extended subscription.
    public var productId: String?
    /// The UUID the developer gave the extension request, as received.
    public var requestIdentifier: String?
    /// The storefronts the extension covered (ISO 3166-1 alpha-3).
    public var storefrontCountryCodes: [String]?
    /// How many subscriptions were extended.
    public var succeededCount: Int64?
    /// How many subscriptions could not be extended.
    public var failedCount: Int64?

    /// Creates a value; every field defaults to absent.
    public init(
        environment: AppStoreEnvironment? = nil,
        appAppleId: Int64? = nil,
        bundleId: String? = nil,
        productId: String? = nil,
        requestIdentifier: String? = nil,
        storefrontCountryCodes: [String]? = nil,
        succeededCount: Int64? = nil,
        failedCount: Int64? = nil
    ) {
        self.environment = environment
        self.appAppleId = appAppleId
        self.bundleId = bundleId
        self.productId = productId
        self.requestIdentifier = requestIdentifier
        self.storefrontCountryCodes = storefrontCountryCodes
        self.succeededCount = succeededCount
        self.failedCount = failedCount
    }
}

extension Summary {
    /// `requestIdentifier` parsed as a UUID; nil when absent or not a UUID.
    public var requestIdentifierUUID: UUID? { requestIdentifier.flatMap { UUID(uuidString: $0) } }
}
