import StoreModel

/// What an operation needs from the engine, as one sendable value captured by its storage transaction.
struct EngineEnvironment: Sendable {
    /// The registered apps.
    var apps: [String: RegisteredApp]
    /// The lifecycle policy.
    var policy: LifecyclePolicy
    /// The signer.
    var signer: PayloadSigner
    /// The clock.
    var clock: any StoreClock
    /// How many subscriptions one step of a mass extension handles.
    var massExtensionPageSize: Int
}
