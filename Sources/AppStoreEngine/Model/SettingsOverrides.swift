import StoreModel

/// Test-environment settings changed at run time, like `SKTestSession` properties: each set value overrides
/// the `.storekit` file's `settings` until ``AppStoreEngine/resetToDefaults(bundleId:)`` drops them all.
///
/// ```swift
/// try await engine.updateSettings(bundleId: app) { $0.billingGracePeriodEnabled = true }
/// ```
public struct SettingsOverrides: Hashable, Sendable, Codable {
    /// `timeRate` (`_timeRate` raw value).
    public var timeRate: Int?
    /// `locale`.
    public var locale: String?
    /// `storefront`: the default storefront of accounts created without one.
    public var storefront: String?
    /// `askToBuyEnabled`.
    public var askToBuyEnabled: Bool?
    /// `interruptedPurchasesEnabled`.
    public var interruptedPurchasesEnabled: Bool?
    /// `shouldEnterBillingRetryOnRenewal`.
    public var billingRetryOnRenewalEnabled: Bool?
    /// `billingGracePeriodIsEnabled`.
    public var billingGracePeriodEnabled: Bool?
    /// `failTransactionsEnabled`.
    public var failTransactionsEnabled: Bool?
    /// `failureError` (an `SKError.Code`).
    public var storeKitErrorCode: Int?
    /// `disableDialogs`.
    public var disableDialogs: Bool?
    /// `setSimulatedError(_:forAPI:)`, by API name; a `nil` value clears the file's error for that API.
    public var simulatedErrors: [String: SimulatedErrorChoice?]

    /// No overrides.
    public init() {
        simulatedErrors = [:]
    }

    /// Whether nothing is overridden.
    public var isEmpty: Bool { self == SettingsOverrides() }

    /// `settings` with these overrides applied.
    public func applied(to settings: StoreKitSettings) -> StoreKitSettings {
        var result = settings
        if let timeRate { result.timeRate = TimeRate(rawValue: timeRate) }
        if let locale { result.locale = locale }
        if let storefront { result.storefront = storefront }
        if let askToBuyEnabled { result.askToBuyEnabled = askToBuyEnabled }
        if let interruptedPurchasesEnabled { result.interruptedPurchasesEnabled = interruptedPurchasesEnabled }
        if let billingRetryOnRenewalEnabled { result.billingRetryOnRenewalEnabled = billingRetryOnRenewalEnabled }
        if let billingGracePeriodEnabled { result.billingGracePeriodEnabled = billingGracePeriodEnabled }
        if let failTransactionsEnabled { result.failTransactionsEnabled = failTransactionsEnabled }
        if let storeKitErrorCode { result.storeKitErrorCode = storeKitErrorCode }
        if let disableDialogs { result.disableDialogs = disableDialogs }
        for (name, choice) in simulatedErrors.sorted(by: { $0.key < $1.key }) {
            let api = FailableStoreKitAPI(rawValue: name)
            let setting = StoreKitErrorSetting(api: api, enabled: choice != nil, current: choice?.error)
            if let index = result.storeKitErrors.firstIndex(where: { $0.api == api }) {
                result.storeKitErrors[index] = setting
            } else {
                result.storeKitErrors.append(setting)
            }
        }
        return result
    }
}
