import Foundation

/// Every app's Retention Messaging state, in `DIR/emulator/retention-messaging.json`; each change is saved before
/// it is acknowledged.
actor RetentionMessagingStore {
    private let file: JSONStateFile<[String: RetentionMessagingState]>
    private var apps: [String: RetentionMessagingState]

    /// Loads the store of a state directory.
    init(stateDirectory: URL) throws(EmulatorError) {
        file = JSONStateFile(url: stateDirectory.appendingPathComponent("emulator/retention-messaging.json"))
        apps = try file.load() ?? [:]
    }

    /// An app's state.
    func state(of bundleId: String) -> RetentionMessagingState {
        apps[bundleId] ?? RetentionMessagingState()
    }

    /// Changes an app's state and saves it; nothing changes when `body` throws.
    func change<T: Sendable>(
        _ bundleId: String, _ body: (inout RetentionMessagingState) throws(ServerAPIError) -> T
    ) throws(ServerAPIError) -> T {
        var state = apps[bundleId] ?? RetentionMessagingState()
        let value = try body(&state)
        var changed = apps
        changed[bundleId] = state
        do {
            try file.save(changed)
        } catch {
            throw ServerAPIError.generalInternal
        }
        apps = changed
        return value
    }
}
