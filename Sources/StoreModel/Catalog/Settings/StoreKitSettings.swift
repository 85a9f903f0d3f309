import Foundation

/// The test-environment defaults of a `.storekit` file (`settings`). Xcode leaves keys out when they are at
/// their default, and tool-made files leave out `settings` altogether; every property has the default
/// StoreKitTest uses then.
public struct StoreKitSettings: Hashable, Sendable {
    /// `_timeRate` (default ``TimeRate/realTime``).
    public var timeRate: TimeRate
    /// `_compatibilityTimeRate`, in either form (`nil` when missing). The emulator ignores it.
    public var compatibilityTimeRate: CompatibilityTimeRate?
    /// `_locale`: which localizations to show (default `en_US`).
    public var locale: String
    /// `_storefront`: ISO 3166-1 alpha-3 country code (default `USA`).
    public var storefront: String
    /// `_askToBuyEnabled`: purchases wait for approval (default false).
    public var askToBuyEnabled: Bool
    /// `_billingIssuesEnabled`: interrupted purchases, i.e. purchases get a purchase issue and stay open until
    /// resolved (`SKTestSession.interruptedPurchasesEnabled`; mapping inferred). Default false.
    public var interruptedPurchasesEnabled: Bool
    /// `_renewalBillingIssuesEnabled`: every renewal fails and enters billing retry
    /// (`SKTestSession.shouldEnterBillingRetryOnRenewal`; mapping inferred). Default false.
    public var billingRetryOnRenewalEnabled: Bool
    /// `_billingGracePeriodEnabled`: billing retry starts with a grace period (default false).
    public var billingGracePeriodEnabled: Bool
    /// `_failTransactionsEnabled` (deprecated): every StoreKit 1 payment fails with ``storeKitErrorCode``.
    public var failTransactionsEnabled: Bool
    /// `_storeKitError` (deprecated): the `SKError.Code` for failed transactions (default 0, unknown).
    public var storeKitErrorCode: Int
    /// `_storeKitErrors`: simulated StoreKit 2 API errors (format 3.0+; empty when missing).
    public var storeKitErrors: [StoreKitErrorSetting]
    /// `_disableDialogs`: no confirmation or other sheets (default false).
    public var disableDialogs: Bool
    /// `_applicationInternalID`: the app's App Store Connect Apple ID in synced files.
    public var applicationInternalID: String?
    /// `_developerTeamID`: the team ID in synced files.
    public var developerTeamID: String?
    /// `_lastSynchronizedDate`: when the file was last synced with App Store Connect (stored as seconds since
    /// 2001-01-01 UTC).
    public var lastSynchronizedDate: Date?

    /// Creates settings; every argument defaults to StoreKitTest's default.
    public init(
        timeRate: TimeRate = .realTime, compatibilityTimeRate: CompatibilityTimeRate? = nil, locale: String = "en_US",
        storefront: String = "USA", askToBuyEnabled: Bool = false, interruptedPurchasesEnabled: Bool = false,
        billingRetryOnRenewalEnabled: Bool = false, billingGracePeriodEnabled: Bool = false,
        failTransactionsEnabled: Bool = false, storeKitErrorCode: Int = 0, storeKitErrors: [StoreKitErrorSetting] = [],
        disableDialogs: Bool = false, applicationInternalID: String? = nil, developerTeamID: String? = nil,
        lastSynchronizedDate: Date? = nil
    ) {
        self.timeRate = timeRate
        self.compatibilityTimeRate = compatibilityTimeRate
        self.locale = locale
        self.storefront = storefront
        self.askToBuyEnabled = askToBuyEnabled
        self.interruptedPurchasesEnabled = interruptedPurchasesEnabled
        self.billingRetryOnRenewalEnabled = billingRetryOnRenewalEnabled
        self.billingGracePeriodEnabled = billingGracePeriodEnabled
        self.failTransactionsEnabled = failTransactionsEnabled
        self.storeKitErrorCode = storeKitErrorCode
        self.storeKitErrors = storeKitErrors
        self.disableDialogs = disableDialogs
        self.applicationInternalID = applicationInternalID
        self.developerTeamID = developerTeamID
        self.lastSynchronizedDate = lastSynchronizedDate
    }

    /// The `_storeKitErrors` entry for `api`.
    public func storeKitErrorSetting(for api: FailableStoreKitAPI) -> StoreKitErrorSetting? {
        storeKitErrors.first { $0.api == api }
    }

    /// The error to inject into `api`: its chosen error when the entry is enabled, else `nil`.
    public func activeError(for api: FailableStoreKitAPI) -> SimulatedStoreKitError? {
        storeKitErrorSetting(for: api)?.activeError
    }

    static func read(_ object: JSONObjectReader) throws(StoreKitConfigurationError) -> StoreKitSettings {
        let defaults = StoreKitSettings()
        return StoreKitSettings(
            timeRate: try object.int("_timeRate").map(TimeRate.init(rawValue:)) ?? defaults.timeRate,
            compatibilityTimeRate: try object.child("_compatibilityTimeRate").map(CompatibilityTimeRate.read),
            locale: try object.string("_locale") ?? defaults.locale,
            storefront: try object.string("_storefront") ?? defaults.storefront,
            askToBuyEnabled: try object.bool("_askToBuyEnabled") ?? false,
            interruptedPurchasesEnabled: try object.bool("_billingIssuesEnabled") ?? false,
            billingRetryOnRenewalEnabled: try object.bool("_renewalBillingIssuesEnabled") ?? false,
            billingGracePeriodEnabled: try object.bool("_billingGracePeriodEnabled") ?? false,
            failTransactionsEnabled: try object.bool("_failTransactionsEnabled") ?? false,
            storeKitErrorCode: try object.int("_storeKitError") ?? 0,
            storeKitErrors: try object.objects("_storeKitErrors", StoreKitErrorSetting.read),
            disableDialogs: try object.bool("_disableDialogs") ?? false,
            applicationInternalID: try object.string("_applicationInternalID"),
            developerTeamID: try object.string("_developerTeamID"),
            lastSynchronizedDate: try object.double("_lastSynchronizedDate").map(Date.init(timeIntervalSinceReferenceDate:)))
    }
}
