import Foundation

/// A whole Xcode StoreKit configuration file (`.storekit`): products, subscription groups, offers and the test
/// environment's settings, in every format version from 1.0 to 5.0.
///
/// Load with ``load(contentsOf:)`` or ``init(data:fileName:)``. Loading is tolerant the way real files need:
/// any optional key may be missing (with StoreKitTest's default), `null` reads as missing, unknown keys are
/// ignored, keys newer than the declared version are read anyway, and minified JSON is fine. It is strict
/// about what the emulator cannot guess: wrong JSON types, unknown product types or payment modes, bad
/// periods, missing product IDs, and product IDs used twice all throw a ``StoreKitConfigurationError`` naming
/// the file and the JSON path. Oddities it can live with end up in ``warnings``.
public struct StoreKitConfiguration: Hashable, Sendable {
    /// The name errors and warnings use for the file (the last path component when loaded from a URL).
    public var fileName: String
    /// `identifier`: the configuration's random id, e.g. `8165582C` (format 1.1+).
    public var identifier: String?
    /// `version`, `nil` when missing. Only a hint.
    public var version: StoreKitFormatVersion?
    /// `products`: consumables and non-consumables, in file order.
    public var products: [StoreKitProduct]
    /// `nonRenewingSubscriptions` (format 1.1+), in file order.
    public var nonRenewingSubscriptions: [StoreKitProduct]
    /// `subscriptionGroups`, in file order.
    public var subscriptionGroups: [StoreKitSubscriptionGroup]
    /// `settings` (all defaults when missing).
    public var settings: StoreKitSettings
    /// `subscriptionOffersKeyPair`, the local promotional-offer signing key.
    public var subscriptionOffersKeyPair: SubscriptionOffersKeyPair?
    /// `appPolicies` (format 4.0+).
    public var appPolicies: AppPolicies?
    /// What loading tolerated, in file order.
    public var warnings: [StoreKitConfigurationWarning]

    /// Creates a configuration in code.
    public init(
        fileName: String = "Configuration.storekit", identifier: String? = nil,
        version: StoreKitFormatVersion? = nil, products: [StoreKitProduct] = [],
        nonRenewingSubscriptions: [StoreKitProduct] = [], subscriptionGroups: [StoreKitSubscriptionGroup] = [],
        settings: StoreKitSettings = StoreKitSettings(), subscriptionOffersKeyPair: SubscriptionOffersKeyPair? = nil,
        appPolicies: AppPolicies? = nil, warnings: [StoreKitConfigurationWarning] = []
    ) {
        self.fileName = fileName
        self.identifier = identifier
        self.version = version
        self.products = products
        self.nonRenewingSubscriptions = nonRenewingSubscriptions
        self.subscriptionGroups = subscriptionGroups
        self.settings = settings
        self.subscriptionOffersKeyPair = subscriptionOffersKeyPair
        self.appPolicies = appPolicies
        self.warnings = warnings
    }

    /// Reads and parses the file at `url`; errors name the file by its last path component.
    public static func load(contentsOf url: URL) throws(StoreKitConfigurationError) -> StoreKitConfiguration {
        let fileName = url.lastPathComponent
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw StoreKitConfigurationError(fileName: fileName, problem: .unreadable("there is no file at \(url.path)"))
        }
        guard !isDirectory.boolValue else {
            throw StoreKitConfigurationError(
                fileName: fileName, problem: .unreadable("\(url.path) is a directory, not a .storekit file"))
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw StoreKitConfigurationError(fileName: fileName, problem: .unreadable(error.localizedDescription))
        }
        return try StoreKitConfiguration(data: data, fileName: fileName)
    }

    /// Parses the bytes of a `.storekit` file; `fileName` is used in errors and warnings.
    public init(data: Data, fileName: String) throws(StoreKitConfigurationError) {
        let context = CatalogReadContext(fileName: fileName)
        let root = try JSONDocument.parse(data, context: context)
        guard root.kind == .object else {
            throw context.error(at: .root, .wrongType(expected: "a JSON object at the top level", found: root.summary))
        }
        let object = try root.object()
        self.fileName = fileName
        identifier = try object.string("identifier")
        version = try object.object("version").map(StoreKitFormatVersion.read)
        products = try object.objects("products") { product throws(StoreKitConfigurationError) in
            try StoreKitProduct.read(product, defaultKind: nil)
        }
        nonRenewingSubscriptions = try object.objects("nonRenewingSubscriptions") {
            product throws(StoreKitConfigurationError) in
            try StoreKitProduct.read(product, defaultKind: .nonRenewingSubscription)
        }
        subscriptionGroups = try object.objects("subscriptionGroups", StoreKitSubscriptionGroup.read)
        settings = try object.object("settings").map(StoreKitSettings.read) ?? StoreKitSettings()
        subscriptionOffersKeyPair = try object.object("subscriptionOffersKeyPair").map(SubscriptionOffersKeyPair.read)
        appPolicies = try object.object("appPolicies").map(AppPolicies.read)
        warnings = []
        try CatalogValidation.check(self, context: context)
        warnings = context.warnings
    }
}
