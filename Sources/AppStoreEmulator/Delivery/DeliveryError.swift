import AppStoreEngine

/// Why a delivery round stopped: the outbox could not be read or updated. (A developer server that fails is not
/// an error: its attempts are recorded with their ``StoreModel/SendAttemptResult``.)
public enum DeliveryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The engine failed to list pending notifications or to record an attempt.
    case outbox(AppStoreEngineError)

    public var description: String {
        switch self {
        case .outbox(let error):
            "Notification delivery could not read or update the engine's outbox: \(error). Attempts made in this round "
                + "that were not recorded are repeated in the next round; check the engine's storage."
        }
    }
}
