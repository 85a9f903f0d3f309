import AppStoreEngine
import StoreHTTP

/// Why the emulator could not start or keep its state: what went wrong, where, and how to fix it.
public enum EmulatorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The engine failed to open or to load a catalog.
    case engine(AppStoreEngineError)
    /// A state file exists but cannot be read.
    case corruptState(file: String, reason: String)
    /// A state file cannot be written.
    case stateNotWritable(file: String, reason: String)
    /// The HTTP server could not listen.
    case server(String)
    /// The configuration is contradictory.
    case invalidConfiguration(String)

    public var description: String {
        switch self {
        case .engine(let error):
            return error.description
        case .corruptState(let file, let reason):
            return "\(file) cannot be read (\(reason)); fix or delete it (deleting loses what it held)."
        case .stateNotWritable(let file, let reason):
            return "\(file) cannot be written (\(reason)); check the state directory's permissions and free space."
        case .server(let reason):
            return "The HTTP server could not start: \(reason). Pick another --port or --host."
        case .invalidConfiguration(let reason):
            return reason
        }
    }
}
