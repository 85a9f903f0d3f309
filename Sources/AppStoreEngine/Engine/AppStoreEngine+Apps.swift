import Foundation
import StoreModel
import StoreStorage

/// Apps, catalogs and test settings (SKTestSession's properties).
extension AppStoreEngine {
    /// Registers an app with its catalog, or replaces the app's metadata and catalog when it is registered
    /// (its settings overrides and products removed from sale are kept).
    /// - Returns: The app as the engine now knows it.
    @discardableResult
    public func registerApp(_ registration: AppRegistration) async throws(AppStoreEngineError) -> RegisteredApp {
        let configuration: StoreKitConfiguration
        do {
            configuration = try StoreKitConfiguration(
                data: registration.catalogData, fileName: registration.catalogFileName)
        } catch {
            throw .catalog(error)
        }
        return try await exclusively { () async throws(AppStoreEngineError) -> RegisteredApp in
            let catalog = Catalog(configuration)
            let previous = apps[registration.bundleId]
            let overrides = previous?.overrides ?? SettingsOverrides()
            let app = RegisteredApp(
                bundleId: registration.bundleId, appAppleId: registration.appAppleId,
                environment: registration.environment, bundleVersion: registration.bundleVersion,
                originalPlatform: registration.originalPlatform, catalog: catalog,
                settings: overrides.applied(to: catalog.settings), overrides: overrides,
                productsNotForSale: previous?.productsNotForSale ?? [])
            try await transaction { tables throws(AppStoreEngineError) in
                try tables.save(app: app, catalogData: registration.catalogData, catalogFileName: registration.catalogFileName)
            }
            apps[app.bundleId] = app
            return app
        }
    }

    /// The registered app.
    public func app(_ bundleId: String) throws(AppStoreEngineError) -> RegisteredApp {
        guard let app = apps[bundleId] else { throw .appNotFound(bundleId: bundleId) }
        return app
    }

    /// Every registered app, by bundle identifier.
    public func registeredApps() -> [RegisteredApp] {
        apps.values.sorted { $0.bundleId < $1.bundleId }
    }

    /// Changes an app's test settings, like setting `SKTestSession` properties; they override the file's
    /// `settings` until ``resetToDefaults(bundleId:)``.
    ///
    /// ```swift
    /// try await engine.updateSettings(bundleId: app) { $0.askToBuyEnabled = true }
    /// ```
    @discardableResult
    public func updateSettings(
        bundleId: String, _ change: @Sendable (inout SettingsOverrides) -> Void
    ) async throws(AppStoreEngineError) -> RegisteredApp {
        try await changeApp(bundleId) { app in change(&app.overrides) }
    }

    /// Drops every settings override of an app (`resetToDefaultState()`), keeping products removed from sale.
    @discardableResult
    public func resetToDefaults(bundleId: String) async throws(AppStoreEngineError) -> RegisteredApp {
        try await changeApp(bundleId) { app in app.overrides = SettingsOverrides() }
    }

    /// Sets (or with `nil` clears) the simulated error of a StoreKit API (`setSimulatedError(_:forAPI:)`).
    @discardableResult
    public func setSimulatedError(
        _ error: SimulatedStoreKitError?, for api: FailableStoreKitAPI, bundleId: String
    ) async throws(AppStoreEngineError) -> RegisteredApp {
        try await updateSettings(bundleId: bundleId) { overrides in
            overrides.simulatedErrors[api.rawValue] = .some(error.map(SimulatedErrorChoice.init))
        }
    }

    /// The simulated error in effect for an API (`simulatedError(forAPI:)`).
    public func simulatedError(for api: FailableStoreKitAPI, bundleId: String) throws(AppStoreEngineError) -> SimulatedStoreKitError? {
        try app(bundleId).settings.activeError(for: api)
    }

    /// Throws the simulated error in effect for an API, for the client operations the engine does not run
    /// itself (the manage-subscriptions sheet, verification).
    public func checkSimulatedError(for api: FailableStoreKitAPI, bundleId: String) throws(AppStoreEngineError) {
        if let error = try simulatedError(for: api, bundleId: bundleId) { throw .simulatedError(api: api, error: error) }
    }

    /// Removes a product from sale (renewals then expire with `PRODUCT_NOT_FOR_SALE`) or puts it back.
    @discardableResult
    public func setProductAvailability(
        _ productId: String, forSale: Bool, bundleId: String
    ) async throws(AppStoreEngineError) -> RegisteredApp {
        let product = try app(bundleId).catalog.product(id: productId)
        guard product != nil else { throw .productNotFound(productId: productId, bundleId: bundleId) }
        return try await changeApp(bundleId) { app in
            if forSale { app.productsNotForSale.remove(productId) } else { app.productsNotForSale.insert(productId) }
        }
    }

    private func changeApp(
        _ bundleId: String, _ change: (inout RegisteredApp) -> Void
    ) async throws(AppStoreEngineError) -> RegisteredApp {
        try await exclusively { () async throws(AppStoreEngineError) -> RegisteredApp in
            try await catchUp()
            var app = try app(bundleId)
            change(&app)
            app.settings = app.overrides.applied(to: app.catalog.settings)
            let saved = app
            try await transaction { tables throws(AppStoreEngineError) in try tables.saveSettings(of: saved) }
            apps[bundleId] = app
            return app
        }
    }

    /// Registers the signer's header and returns the signer with its header id.
    static func register(_ signer: PayloadSigner, in database: any SQLDatabase) async throws(AppStoreEngineError) -> PayloadSigner {
        let header = signer.header
        var registered = signer
        do {
            registered.headerId = try await database.transaction { sql in
                try EngineTables(sql: sql).headerId(for: header)
            }
        } catch let error as AppStoreEngineError {
            throw error
        } catch {
            throw .storage(String(describing: error))
        }
        return registered
    }

    /// Loads the registered apps.
    static func loadApps(from database: any SQLDatabase) async throws(AppStoreEngineError) -> [String: RegisteredApp] {
        do {
            let apps = try await database.transaction { sql in try EngineTables(sql: sql).apps() }
            return Dictionary(uniqueKeysWithValues: apps.map { ($0.bundleId, $0) })
        } catch let error as AppStoreEngineError {
            throw error
        } catch {
            throw .storage(String(describing: error))
        }
    }
}
