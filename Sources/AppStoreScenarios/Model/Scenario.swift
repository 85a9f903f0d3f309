import Foundation
import StoreModel

/// A scenario file, loaded and checked against its `.storekit` catalog: the app to emulate, the accounts, and the
/// steps to run on a virtual clock (docs/SCENARIOS.md describes the format).
///
/// ```swift
/// let scenario = try Scenario.load(contentsOf: URL(fileURLWithPath: "Examples/Scenarios/upgrade-downgrade.json"))
/// let session = try await ScenarioSession.open(scenario)
/// let outcome = try await session.runner().run()
/// print(outcome.expectationsFailed)   // 0
/// ```
public struct Scenario: Sendable {
    /// The scenario file's name (for messages).
    public var fileName: String
    /// `name`: a short title (default: the file name without its extension).
    public var name: String
    /// `description`: what the scenario shows, in a sentence or two.
    public var description: String?
    /// `storekit`: the catalog file, resolved against the scenario file's folder.
    public var catalogURL: URL
    /// The catalog, loaded.
    public var catalog: Catalog
    /// `bundleId`: the app's bundle identifier.
    public var bundleId: String
    /// `environment`: the environment payloads are signed for (`Sandbox` by default).
    public var environment: AppStoreEnvironment
    /// `appAppleId`: the app's Apple ID (payloads carry it in Production only).
    public var appAppleId: Int64?
    /// `start`: where the virtual clock starts (default 2024-01-01T00:00:00Z).
    public var start: Timestamp
    /// `settings`: the test settings that override the catalog's.
    public var settings: ScenarioSettings
    /// `policy`: the engine's answers to the reference's open questions.
    public var policy: LifecyclePolicy
    /// `accounts`: the customers, created before the first step; steps that name no account use the first.
    public var accounts: [ScenarioAccount]
    /// `steps`: what happens, in order.
    public var steps: [ScenarioStep]

    /// The account steps use when they name none.
    public var defaultAccountId: String { accounts[0].id }

    /// The catalog's file name.
    public var catalogName: String { catalogURL.lastPathComponent }
}
