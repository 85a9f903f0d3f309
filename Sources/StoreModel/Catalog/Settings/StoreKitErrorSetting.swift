/// One entry of `_storeKitErrors`: an API, whether its simulated error is on, and the chosen error.
///
/// A chosen error with `enabled: false` is remembered by Xcode but not injected.
public struct StoreKitErrorSetting: Hashable, Sendable {
    /// `name`.
    public var api: FailableStoreKitAPI
    /// `enabled` (false when missing).
    public var enabled: Bool
    /// `current`: the chosen error, `nil` when `null` or missing.
    public var current: SimulatedStoreKitError?

    /// Creates an entry.
    public init(api: FailableStoreKitAPI, enabled: Bool = false, current: SimulatedStoreKitError? = nil) {
        self.api = api
        self.enabled = enabled
        self.current = current
    }

    /// The error to inject: ``current`` when ``enabled``, else `nil`.
    public var activeError: SimulatedStoreKitError? { enabled ? current : nil }

    static func read(_ object: JSONObjectReader) throws(StoreKitConfigurationError) -> StoreKitErrorSetting {
        var current: SimulatedStoreKitError?
        if let chosen = try object.object("current") {
            current = SimulatedStoreKitError(
                type: .init(rawValue: try chosen.requiredString("type", expected: "a string such as \"generic\"")),
                index: try chosen.required("index", expected: "an integer").int())
        }
        return StoreKitErrorSetting(
            api: FailableStoreKitAPI(
                rawValue: try object.requiredString("name", expected: "an API name such as \"Purchase\"")),
            enabled: try object.bool("enabled") ?? false,
            current: current)
    }
}
