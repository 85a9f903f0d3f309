import Foundation
import StoreModel

/// An app to emulate: its identity, environment, current version and `.storekit` catalog.
///
/// ```swift
/// let app = try AppRegistration(
///     bundleId: "com.example.puzzles", catalogFile: URL(fileURLWithPath: "Puzzles.storekit"))
/// try await engine.registerApp(app)
/// ```
public struct AppRegistration: Hashable, Sendable {
    /// The bundle identifier (`bundleId` in every payload).
    public var bundleId: String
    /// The app's Apple ID. Payloads carry it only in Production, as Apple's do (absent in Sandbox and Xcode).
    public var appAppleId: Int64?
    /// The environment the app's payloads are signed for (Sandbox by default).
    public var environment: AppStoreEnvironment
    /// The current build (`bundleVersion` in notifications, `applicationVersion` in app transactions).
    public var bundleVersion: String
    /// The platform app transactions name as the original one.
    public var originalPlatform: PurchasePlatform
    /// The `.storekit` file's bytes.
    public var catalogData: Data
    /// The file name errors and warnings use for the catalog.
    public var catalogFileName: String

    /// Creates a registration from a catalog's bytes.
    public init(
        bundleId: String, appAppleId: Int64? = nil, environment: AppStoreEnvironment = .sandbox,
        bundleVersion: String = "1", originalPlatform: PurchasePlatform = .iOS, catalogData: Data,
        catalogFileName: String = "Configuration.storekit"
    ) {
        self.bundleId = bundleId
        self.appAppleId = appAppleId
        self.environment = environment
        self.bundleVersion = bundleVersion
        self.originalPlatform = originalPlatform
        self.catalogData = catalogData
        self.catalogFileName = catalogFileName
    }

    /// Creates a registration reading the catalog from a `.storekit` file.
    /// - Throws: ``AppStoreEngineError/catalog(_:)`` when the file cannot be read.
    public init(
        bundleId: String, appAppleId: Int64? = nil, environment: AppStoreEnvironment = .sandbox,
        bundleVersion: String = "1", originalPlatform: PurchasePlatform = .iOS, catalogFile: URL
    ) throws(AppStoreEngineError) {
        let data: Data
        do {
            data = try Data(contentsOf: catalogFile)
        } catch {
            throw .catalog(StoreKitConfigurationError(
                fileName: catalogFile.lastPathComponent, problem: .unreadable(error.localizedDescription)))
        }
        self.init(
            bundleId: bundleId, appAppleId: appAppleId, environment: environment, bundleVersion: bundleVersion,
            originalPlatform: originalPlatform, catalogData: data, catalogFileName: catalogFile.lastPathComponent)
    }
}
