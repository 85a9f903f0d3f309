import Foundation
import StoreModel

/// Finds the `.storekit` samples in `Tests/Fixtures/storekit-samples`, relative to this source file.
enum CatalogFixtures {
    /// `Tests/Fixtures`: two levels above this file (`Tests/StoreModelTests/CatalogFixtures.swift`).
    static let fixturesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures", isDirectory: true)

    /// `Tests/Fixtures/storekit-samples`.
    static let samplesDirectory = fixturesDirectory.appendingPathComponent("storekit-samples", isDirectory: true)

    /// The URL of a sample by file name.
    static func sampleURL(_ name: String) -> URL {
        samplesDirectory.appendingPathComponent(name)
    }

    /// Loads a sample by file name.
    static func load(_ name: String) throws -> StoreKitConfiguration {
        try StoreKitConfiguration.load(contentsOf: sampleURL(name))
    }

    /// Every `.storekit` sample's file name, sorted.
    static func sampleNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: samplesDirectory.path)
            .filter { $0.hasSuffix(".storekit") }
            .sorted()
    }

    /// Parses JSON text given inline, as if it were a file named `fileName`.
    static func parse(_ json: String, fileName: String = "Inline.storekit") throws -> StoreKitConfiguration {
        try StoreKitConfiguration(data: Data(json.utf8), fileName: fileName)
    }

    /// The error parsing `json` throws, or `nil` when it parses.
    static func error(parsing json: String, fileName: String) -> StoreKitConfigurationError? {
        error(parsing: Data(json.utf8), fileName: fileName)
    }

    /// The error parsing `data` throws, or `nil` when it parses.
    static func error(parsing data: Data, fileName: String) -> StoreKitConfigurationError? {
        do {
            _ = try StoreKitConfiguration(data: data, fileName: fileName)
            return nil
        } catch {
            return error
        }
    }
}
