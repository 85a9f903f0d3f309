import Foundation
import AppStoreEngine
import StoreModel

/// An engine set up for a scenario: a virtual clock at the scenario's start, the app registered with its catalog
/// and settings, and the accounts created.
///
/// ```swift
/// let session = try await ScenarioSession.open(scenario, storage: .stateDirectory(URL(fileURLWithPath: "state")))
/// let runner = session.runner()
/// runner.onStep = { step in print(step.summary) }
/// let outcome = await runner.run()
/// await session.close()
/// ```
public struct ScenarioSession: Sendable {
    /// The scenario.
    public let scenario: Scenario
    /// The engine it runs on.
    public let engine: AppStoreEngine
    /// The engine's clock.
    public let clock: VirtualClock

    /// Opens an engine on `storage` for a new run of `scenario`.
    /// - Throws: ``ScenarioError`` when the engine cannot be opened or refuses the app, its settings or an account.
    public static func open(
        _ scenario: Scenario, storage: AppStoreEngine.Configuration.Storage = .inMemory
    ) async throws(ScenarioError) -> ScenarioSession {
        let session = try await attach(scenario, storage: storage, at: scenario.start)
        let settings = scenario.settings
        try await session.setUp(at: JSONPath([.key("storekit")])) { engine throws(AppStoreEngineError) in
            try await engine.registerApp(AppRegistration(
                bundleId: scenario.bundleId, appAppleId: scenario.appAppleId, environment: scenario.environment,
                catalogFile: scenario.catalogURL))
            try await engine.updateSettings(bundleId: scenario.bundleId) { overrides in
                if let rate = settings.timeRate { overrides.timeRate = rate.rawValue }
                if let grace = settings.billingGracePeriod { overrides.billingGracePeriodEnabled = grace }
                if let askToBuy = settings.askToBuy { overrides.askToBuyEnabled = askToBuy }
                if let retry = settings.billingRetryOnRenewal { overrides.billingRetryOnRenewalEnabled = retry }
            }
        }
        for (position, account) in scenario.accounts.enumerated() {
            try await session.setUp(at: JSONPath([.key("accounts"), .index(position)])) { engine throws(AppStoreEngineError) in
                try await engine.createAccount(account.account(position: position))
            }
        }
        return session
    }

    /// Opens an engine on `storage` that already holds a run of `scenario`, with the clock at `instant`: to
    /// continue a run that stopped (``ScenarioRunner/run(from:)`` then skips the steps done).
    public static func attach(
        _ scenario: Scenario, storage: AppStoreEngine.Configuration.Storage, at instant: Timestamp
    ) async throws(ScenarioError) -> ScenarioSession {
        let clock = VirtualClock(now: instant)
        do {
            let engine = try await AppStoreEngine(configuration: .init(storage: storage, clock: clock, policy: scenario.policy))
            return ScenarioSession(scenario: scenario, engine: engine, clock: clock)
        } catch {
            throw ScenarioError(fileName: scenario.fileName, problem: .refused("the engine cannot be opened: \(error)"))
        }
    }

    /// A runner for this session's scenario.
    public func runner() -> ScenarioRunner {
        ScenarioRunner(scenario: scenario, engine: engine, clock: clock)
    }

    /// Closes the engine.
    public func close() async {
        await engine.close()
    }

    private func setUp(
        at path: JSONPath, _ body: (AppStoreEngine) async throws(AppStoreEngineError) -> Void
    ) async throws(ScenarioError) {
        do {
            try await body(engine)
        } catch {
            throw ScenarioError(fileName: scenario.fileName, path: path, problem: .refused(error.description))
        }
    }
}
