import Foundation
import StoreModel
import StoreStorage

/// Apps, their catalogs and settings overrides.
extension EngineTables {
    /// Inserts or replaces an app row.
    func save(app: RegisteredApp, catalogData: Data, catalogFileName: String) throws(AppStoreEngineError) {
        try execute(
            """
            INSERT INTO apps (bundle_id, app_apple_id, environment, bundle_version, original_platform, catalog,
                catalog_file_name, overrides, not_for_sale) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (bundle_id) DO UPDATE SET app_apple_id = excluded.app_apple_id,
                environment = excluded.environment, bundle_version = excluded.bundle_version,
                original_platform = excluded.original_platform, catalog = excluded.catalog,
                catalog_file_name = excluded.catalog_file_name, overrides = excluded.overrides,
                not_for_sale = excluded.not_for_sale
            """,
            [
                .text(app.bundleId), SQLValue(app.appAppleId), .text(app.environment.rawValue),
                .text(app.bundleVersion), .text(app.originalPlatform.rawValue), .blob(catalogData),
                .text(catalogFileName), .blob(try StoredJSON.encode(app.overrides)),
                .blob(try StoredJSON.encode(app.productsNotForSale.sorted())),
            ])
    }

    /// Updates an app's overrides and products removed from sale.
    func saveSettings(of app: RegisteredApp) throws(AppStoreEngineError) {
        try execute(
            "UPDATE apps SET overrides = ?, not_for_sale = ? WHERE bundle_id = ?",
            [
                .blob(try StoredJSON.encode(app.overrides)),
                .blob(try StoredJSON.encode(app.productsNotForSale.sorted())), .text(app.bundleId),
            ])
    }

    /// Every registered app.
    func apps() throws(AppStoreEngineError) -> [RegisteredApp] {
        var apps: [RegisteredApp] = []
        for row in try query("SELECT * FROM apps ORDER BY bundle_id") {
            let fileName = try row.text("catalog_file_name")
            let catalogBytes = Data(try row.bytes("catalog"))
            let configuration: StoreKitConfiguration
            do {
                configuration = try StoreKitConfiguration(data: catalogBytes, fileName: fileName)
            } catch {
                throw .catalog(error)
            }
            let overrides = try StoredJSON.decode(SettingsOverrides.self, from: try row.bytes("overrides"))
            let catalog = Catalog(configuration)
            apps.append(RegisteredApp(
                bundleId: try row.text("bundle_id"), appAppleId: try row.optionalInteger("app_apple_id"),
                environment: AppStoreEnvironment(rawValue: try row.text("environment")),
                bundleVersion: try row.text("bundle_version"),
                originalPlatform: PurchasePlatform(rawValue: try row.text("original_platform")), catalog: catalog,
                settings: overrides.applied(to: catalog.settings), overrides: overrides,
                productsNotForSale: Set(try StoredJSON.decode([String].self, from: try row.bytes("not_for_sale")))))
        }
        return apps
    }

    /// The id of a signing header, inserted when new.
    func headerId(for header: String) throws(AppStoreEngineError) -> Int64 {
        if let row = try queryFirst("SELECT id FROM signing_headers WHERE header = ?", [.text(header)]) {
            return try row.integer("id")
        }
        let next = (try queryFirst("SELECT COALESCE(MAX(id), 0) + 1 AS next FROM signing_headers")?.integer("next")) ?? 1
        try execute("INSERT INTO signing_headers (id, header) VALUES (?, ?)", [.integer(next), .text(header)])
        return next
    }

    /// Every signing header by id.
    func signingHeaders() throws(AppStoreEngineError) -> [Int64: String] {
        var headers: [Int64: String] = [:]
        for row in try query("SELECT id, header FROM signing_headers") {
            headers[try row.integer("id")] = try row.text("header")
        }
        return headers
    }
}
