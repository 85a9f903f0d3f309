import StoreModel

/// A simulated error chosen for one API: `SimulatedStoreKitError` in a codable form.
public struct SimulatedErrorChoice: Hashable, Sendable, Codable {
    /// The error enum (`generic`, `purchase`, `verification`, `refundRequest`).
    public var type: String
    /// The case index in that enum.
    public var index: Int

    /// Creates a choice.
    public init(_ error: SimulatedStoreKitError) {
        type = error.type.rawValue
        index = error.index
    }

    /// The simulated error.
    public var error: SimulatedStoreKitError {
        SimulatedStoreKitError(type: .init(rawValue: type), index: index)
    }
}
