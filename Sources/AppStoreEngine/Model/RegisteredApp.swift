import StoreModel

/// An app the engine emulates, with its catalog and effective test settings.
///
/// Its values live in one shared, immutable box, so that a copy (every event of a chain takes the app it belongs
/// to) retains one object rather than each of its strings, arrays and sets; setting a property makes a new box.
public struct RegisteredApp: Hashable, Sendable {
    /// The bundle identifier.
    public var bundleId: String {
        get { box.values.bundleId }
        set { change { $0.bundleId = newValue } }
    }
    /// The app's Apple ID as registered (payloads carry it only in Production; see ``payloadAppAppleId``).
    public var appAppleId: Int64? {
        get { box.values.appAppleId }
        set { change { $0.appAppleId = newValue } }
    }
    /// The environment payloads are signed for.
    public var environment: AppStoreEnvironment {
        get { box.values.environment }
        set { change { $0.environment = newValue } }
    }
    /// The current build.
    public var bundleVersion: String {
        get { box.values.bundleVersion }
        set { change { $0.bundleVersion = newValue } }
    }
    /// The platform app transactions name as the original one.
    public var originalPlatform: PurchasePlatform {
        get { box.values.originalPlatform }
        set { change { $0.originalPlatform = newValue } }
    }
    /// The catalog.
    public var catalog: Catalog {
        get { box.values.catalog }
        set { change { $0.catalog = newValue } }
    }
    /// The settings in effect: the file's `settings` with ``overrides`` applied.
    public var settings: StoreKitSettings {
        get { box.values.settings }
        set { change { $0.settings = newValue } }
    }
    /// The SKTestSession-style overrides in effect until reset.
    public var overrides: SettingsOverrides {
        get { box.values.overrides }
        set { change { $0.overrides = newValue } }
    }
    /// Products the developer removed from sale.
    public var productsNotForSale: Set<String> {
        get { box.values.productsNotForSale }
        set { change { $0.productsNotForSale = newValue } }
    }

    /// `appAppleId` as payloads carry it: only in Production (Apple omits it in Sandbox and Xcode).
    public var payloadAppAppleId: Int64? { environment == .production ? appAppleId : nil }

    private var box: Box

    init(
        bundleId: String, appAppleId: Int64?, environment: AppStoreEnvironment, bundleVersion: String,
        originalPlatform: PurchasePlatform, catalog: Catalog, settings: StoreKitSettings, overrides: SettingsOverrides,
        productsNotForSale: Set<String>
    ) {
        box = Box(Values(
            bundleId: bundleId, appAppleId: appAppleId, environment: environment, bundleVersion: bundleVersion,
            originalPlatform: originalPlatform, catalog: catalog, settings: settings, overrides: overrides,
            productsNotForSale: productsNotForSale))
    }

    public static func == (lhs: RegisteredApp, rhs: RegisteredApp) -> Bool {
        lhs.box === rhs.box || lhs.box.values == rhs.box.values
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(box.values)
    }

    /// Replaces the box with one whose values `body` changed.
    private mutating func change(_ body: (inout Values) -> Void) {
        var values = box.values
        body(&values)
        box = Box(values)
    }

    /// The app's values.
    private struct Values: Hashable, Sendable {
        var bundleId: String
        var appAppleId: Int64?
        var environment: AppStoreEnvironment
        var bundleVersion: String
        var originalPlatform: PurchasePlatform
        var catalog: Catalog
        var settings: StoreKitSettings
        var overrides: SettingsOverrides
        var productsNotForSale: Set<String>
    }

    /// The immutable box the values live in.
    private final class Box: Sendable {
        let values: Values

        init(_ values: Values) {
            self.values = values
        }
    }
}
