import Foundation
import Testing

@testable import AppStoreScenarios

/// Paths of the package's examples, and scenarios built from JSON text next to a copy of the example catalog.
enum ScenarioFixtures {
    /// The package root.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Examples/Scenarios/NAME.json`.
    static func example(_ name: String) -> URL {
        packageRoot.appendingPathComponent("Examples/Scenarios/\(name).json")
    }

    /// A scenario read from `text` as if it sat in `Examples/Scenarios/` (so `../Tienda.storekit` resolves).
    static func scenario(_ text: String, fileName: String = "test.json") throws(ScenarioError) -> Scenario {
        try Scenario(data: Data(text.utf8), fileName: fileName, directory: packageRoot.appendingPathComponent("Examples/Scenarios"))
    }

    /// A scenario with the example app, `accounts` and `steps` (JSON text).
    static func scenario(steps: String, accounts: String = #"["alice"]"#, header: String = "") throws(ScenarioError) -> Scenario {
        try scenario(#"{"storekit": "../Tienda.storekit", "bundleId": "com.tienda.example", \#(header) "accounts": \#(accounts), "steps": \#(steps)}"#)
    }

    /// The message of the error loading `steps` throws.
    static func error(steps: String, accounts: String = #"["alice"]"#, header: String = "") -> String? {
        do {
            _ = try scenario(steps: steps, accounts: accounts, header: header)
            return nil
        } catch {
            return error.description
        }
    }
}
