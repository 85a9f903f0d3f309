public import Foundation
import StoreModel

/// Everything the entitlement server is told by its configuration file: the apps it accepts, the product →
/// capability map, API keys, the restore policy, webhooks, the reconciler's schedule and the answer-signing key.
///
/// Load it with ``load(from:)``; the format is documented in `docs/ENTITLEMENT_SERVER.md`.
public struct EntitlementServerConfiguration: Sendable {
    /// The apps whose signed data is accepted.
    public var apps: [AppConfiguration]
    /// What each product grants, by product identifier.
    public var products: [String: ProductRule]
    /// The API keys accepted on the account API (hashed).
    public var apiKeys: [APIKeyEntry]
    /// What happens when a second account presents an owned transaction.
    public var restorePolicy: RestorePolicy
    /// Where normalized events are sent.
    public var webhooks: [WebhookEndpoint]
    /// How often the reconciler runs, in seconds; `nil` runs it only on demand.
    public var reconcileIntervalSeconds: Int64?
    /// How far back the reconciler's first Notification History request reaches, in seconds.
    public var reconcileLookbackSeconds: Int64
    /// The PKCS#8 PEM of the P-256 key that signs `?signed=true` answers; `nil` disables signed answers.
    public var signingKeyPEM: String?

    /// Creates a configuration.
    public init(
        apps: [AppConfiguration], products: [String: ProductRule], apiKeys: [APIKeyEntry] = [],
        restorePolicy: RestorePolicy = .transfer, webhooks: [WebhookEndpoint] = [], reconcileIntervalSeconds: Int64? = nil,
        reconcileLookbackSeconds: Int64 = 7 * 86_400, signingKeyPEM: String? = nil
    ) {
        self.apps = apps
        self.products = products
        self.apiKeys = apiKeys
        self.restorePolicy = restorePolicy
        self.webhooks = webhooks
        self.reconcileIntervalSeconds = reconcileIntervalSeconds
        self.reconcileLookbackSeconds = reconcileLookbackSeconds
        self.signingKeyPEM = signingKeyPEM
    }

    /// The rule for a product, or `nil` when the product grants nothing.
    public func rule(for productId: String?) -> ProductRule? {
        productId.flatMap { products[$0] }
    }

    /// Every capability some product grants, sorted.
    public var allCapabilities: [String] {
        Set(products.values.flatMap(\.capabilities)).sorted()
    }

    /// Reads and validates a configuration file. Relative paths inside it are resolved against its folder.
    /// - Throws: ``ConfigurationError`` naming the file, the key and how to fix it.
    public static func load(from path: String) throws(ConfigurationError) -> EntitlementServerConfiguration {
        let url = URL(fileURLWithPath: path)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ConfigurationError(
                file: path, path: .root, problem: "cannot read the file (\(error.localizedDescription))",
                fix: "Check the path given to --config")
        }
        return try parse(data, file: path, baseDirectory: url.deletingLastPathComponent())
    }

    /// Validates configuration JSON.
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - file: The file's name for messages.
    ///   - baseDirectory: Where relative paths in the file point from.
    public static func parse(_ data: Data, file: String, baseDirectory: URL) throws(ConfigurationError)
        -> EntitlementServerConfiguration
    {
        try ConfigurationParser(baseDirectory: baseDirectory).parse(try ConfigurationReader.parse(data, file: file))
    }
}
