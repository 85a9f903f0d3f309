import StoreModel

/// An app the engine emulates, with its catalog and effective test settings.
public struct RegisteredApp: Hashable, Sendable {
    /// The bundle identifier.
    public var bundleId: String
    /// The app's Apple ID as registered (payloads carry it only in Production; see ``payloadAppAppleId``).
    public var appAppleId: Int64?
    /// The environment payloads are signed for.
    public var environment: AppStoreEnvironment
    /// The current build.
    public var bundleVersion: String
    /// The platform app transactions name as the original one.
    public var originalPlatform: PurchasePlatform
    /// The catalog.
    public var catalog: Catalog
    /// The settings in effect: the file's `settings` with ``overrides`` applied.
    public var settings: StoreKitSettings
    /// The SKTestSession-style overrides in effect until reset.
    public var overrides: SettingsOverrides
    /// Products the developer removed from sale.
    public var productsNotForSale: Set<String>

    /// `appAppleId` as payloads carry it: only in Production (Apple omits it in Sandbox and Xcode).
    public var payloadAppAppleId: Int64? { environment == .production ? appAppleId : nil }
}
