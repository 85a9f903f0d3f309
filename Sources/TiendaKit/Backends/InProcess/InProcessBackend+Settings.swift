import AppStoreEngine
import StoreModel

extension InProcessBackend: StoreTestControls {
    /// The app's settings with the session's overrides.
    public func testSettings() async throws(TestSessionError) -> TestSettings {
        let settings = try await control { engine throws(AppStoreEngineError) in try await engine.app(bundleID).settings }
        return TestSettings(
            timeRate: TimeRate(rawValue: settings.timeRate.rawValue), locale: settings.locale,
            storefront: settings.storefront, askToBuyEnabled: settings.askToBuyEnabled,
            interruptedPurchasesEnabled: settings.interruptedPurchasesEnabled,
            billingRetryOnRenewalEnabled: settings.billingRetryOnRenewalEnabled,
            billingGracePeriodEnabled: settings.billingGracePeriodEnabled,
            failTransactionsEnabled: settings.failTransactionsEnabled, disableDialogs: settings.disableDialogs)
    }

    /// Overrides the app's settings, as setting `SKTestSession` properties does.
    public func updateTestSettings(_ change: TestSettingsChange) async throws(TestSessionError) {
        _ = try await control { engine throws(AppStoreEngineError) in
            try await engine.updateSettings(bundleId: bundleID) { overrides in
                if let value = change.timeRate { overrides.timeRate = value.rawValue }
                if let value = change.locale { overrides.locale = value }
                if let value = change.storefront { overrides.storefront = value }
                if let value = change.askToBuyEnabled { overrides.askToBuyEnabled = value }
                if let value = change.interruptedPurchasesEnabled { overrides.interruptedPurchasesEnabled = value }
                if let value = change.billingRetryOnRenewalEnabled { overrides.billingRetryOnRenewalEnabled = value }
                if let value = change.billingGracePeriodEnabled { overrides.billingGracePeriodEnabled = value }
                if let value = change.failTransactionsEnabled { overrides.failTransactionsEnabled = value }
                if let value = change.disableDialogs { overrides.disableDialogs = value }
            }.bundleId
        }
    }

    /// Sets or clears the simulated error of an API.
    public func setSimulatedError(_ error: SimulatedError?, for api: FailableStoreKitAPI) async throws(TestSessionError) {
        let simulated = error.map { error in
            SimulatedStoreKitError(type: .init(rawValue: error.typeAndIndex.type), index: error.typeAndIndex.index)
        }
        _ = try await control { engine throws(AppStoreEngineError) in
            try await engine.setSimulatedError(simulated, for: StoreModel.FailableStoreKitAPI(rawValue: api.name), bundleId: bundleID)
                .bundleId
        }
    }

    /// The simulated error of an API.
    public func simulatedError(for api: FailableStoreKitAPI) async throws(TestSessionError) -> SimulatedError? {
        let simulated = try await control { engine throws(AppStoreEngineError) in
            try await engine.simulatedError(for: StoreModel.FailableStoreKitAPI(rawValue: api.name), bundleId: bundleID)
        }
        return simulated.flatMap { SimulatedError(type: $0.type.rawValue, index: $0.index) }
    }

    /// Drops every override (`resetToDefaultState()`).
    public func resetToDefaultState() async throws(TestSessionError) {
        _ = try await control { engine throws(AppStoreEngineError) in try await engine.resetToDefaults(bundleId: bundleID).bundleId }
    }

    /// Moves the engine's virtual clock.
    public func advance(by duration: Duration) async throws(TestSessionError) {
        _ = try await control { engine throws(AppStoreEngineError) in try await engine.advance(by: duration) }
    }

    /// Sets the account's original app version.
    public func setOriginalAppVersion(_ version: String) async throws(TestSessionError) {
        _ = try await control { engine throws(AppStoreEngineError) in
            try await engine.setOriginalApplicationVersion(version, bundleId: bundleID, accountId: accountID).jws
        }
    }

    /// Allows or forbids payments.
    public func setCanMakePayments(_ allowed: Bool) async throws(TestSessionError) {
        _ = try await control { engine throws(AppStoreEngineError) in
            try await engine.updateAccount(accountID, canMakePayments: allowed).id
        }
        setPaymentsAllowed(allowed)
    }

    /// Runs a control operation, maps its failure to the test vocabulary, and wakes listeners afterwards.
    func control<T: Sendable>(
        _ body: (AppStoreEngine) async throws(AppStoreEngineError) -> T
    ) async throws(TestSessionError) -> T {
        defer { changes.fire() }
        do {
            return try await body(engine)
        } catch {
            throw TestSessionError(error)
        }
    }
}

extension TestSessionError {
    /// The test error for an engine failure, by its `SKTestError` name.
    init(_ error: AppStoreEngineError) {
        let code: Code = switch error.testErrorName {
        case "invalidProductIdentifier": .invalidProductIdentifier
        case "noTransactionFound": .noTransactionFound
        case "noSubscriptionFound": .noSubscriptionFound
        case "invalidProductType": .invalidProductType
        case "invalidAction": .invalidAction
        default: error == .clockNotControllable ? .unsupported : .serviceUnavailable
        }
        self.init(code, error.description)
    }
}
