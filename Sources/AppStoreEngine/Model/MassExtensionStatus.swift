import StoreModel

/// Where a renewal-date extension for all subscribers stands (`MassExtendRenewalDateStatusResponse`).
public struct MassExtensionStatus: Hashable, Sendable, Codable {
    /// The request's identifier.
    public var requestIdentifier: String
    /// The app.
    public var bundleId: String
    /// The product whose subscribers are extended.
    public var productId: String
    /// The storefronts it is limited to (empty: all).
    public var storefrontCountryCodes: [String]
    /// How many days.
    public var extendByDays: Int
    /// Why.
    public var extendReasonCode: Int32
    /// When it was requested.
    public var requestDate: Timestamp
    /// Whether it finished.
    public var complete: Bool
    /// When it finished.
    public var completeDate: Timestamp?
    /// How many subscriptions were extended.
    public var succeededCount: Int64
    /// How many could not be.
    public var failedCount: Int64
}
