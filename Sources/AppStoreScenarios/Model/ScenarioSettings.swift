import StoreModel

/// The header's `timeRate` and `settings`: test settings that override the catalog's, as `SKTestSession`'s
/// properties would. `nil` keeps the catalog's value.
public struct ScenarioSettings: Hashable, Sendable {
    /// `timeRate`: how fast subscription periods run.
    public var timeRate: TimeRate?
    /// `settings.billingGracePeriod`: whether failed renewals get a grace period.
    public var billingGracePeriod: Bool?
    /// `settings.askToBuy`: whether every purchase waits for a parent's approval.
    public var askToBuy: Bool?
    /// `settings.billingRetryOnRenewal`: whether every renewal fails for billing reasons.
    public var billingRetryOnRenewal: Bool?

    /// No overrides.
    public init() {}
}
