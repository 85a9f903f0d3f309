import AppStoreEngine
import Foundation
import StoreModel

/// What every route group works with: the engine, its clock, the state beside it, and the change feed that
/// wakes the scheduler and long-polling readers.
public struct EmulatorContext: Sendable {
    /// The emulated App Store.
    public let engine: AppStoreEngine
    /// The engine's clock, which the control API advances.
    public let clock: any ControllableClock
    /// Announces changes to the store.
    public let changes: ChangeFeed
    /// The API keys the Server API accepts.
    public let apiKeys: APIKeyRegistry
    /// Checks Server API bearer tokens.
    public let authenticator: BearerTokenValidator
    /// The state directory.
    public let stateDirectory: URL
    /// The URLs App Store Server Notifications V2 go to (`--notify`).
    public let notificationURLs: [URL]
    /// Retention Messaging's images, messages, defaults and realtime URL.
    let retention: RetentionMessagingStore
    /// Where the clock's offset is kept across restarts.
    let clockFile: JSONStateFile<ClockState>

    /// Saves the clock's offset, when it is an ``OffsetClock``.
    func saveClock() throws(EmulatorError) {
        guard let offset = clock as? OffsetClock else { return }
        try clockFile.save(ClockState(offsetMilliseconds: offset.offsetMilliseconds))
    }

    /// The bundle IDs the emulator serves, read without waiting for the engine.
    func servedBundleIds() -> Set<String> {
        engine.registeredBundleIds
    }
}

/// The persisted part of the emulator's clock.
struct ClockState: Codable, Sendable, Hashable {
    /// How far the emulator's clock runs ahead of the wall clock.
    var offsetMilliseconds: Int64
}
