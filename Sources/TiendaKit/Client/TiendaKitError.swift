/// A misuse of TiendaKit itself, as opposed to a store failure.
public enum TiendaKitError: Error, Hashable, Sendable, CustomStringConvertible {
    /// StoreKit was called with no backend chosen for the task or the process.
    case noBackend

    /// What went wrong and how to fix it.
    public var description: String {
        switch self {
        case .noBackend:
            "No store backend: call TiendaKit.configure(_:) at launch, or run the code in TiendaKit.withBackend(_:)."
        }
    }
}
