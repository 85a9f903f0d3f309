import Foundation
import Synchronization

/// Small, durable key-value storage for the cached entitlement state: `UserDefaults` in an app (seed 002
/// injects it), a file for command-line tools, memory for tests.
public protocol KeyValueStore: AnyObject {
    /// The data stored under `key`.
    func data(forKey key: String) -> Data?
    /// Stores (or with `nil` removes) data under `key`.
    func setData(_ data: Data?, forKey key: String)
}

extension UserDefaults: KeyValueStore {
    /// Stores (or with `nil` removes) data under `key`.
    public func setData(_ data: Data?, forKey key: String) {
        set(data, forKey: key)
    }
}

/// Key-value storage in memory, for tests and previews.
public final class InMemoryKeyValueStore: KeyValueStore, Sendable {
    private let values = Mutex<[String: Data]>([:])

    /// Creates empty storage.
    public init() {}

    /// The data stored under `key`.
    public func data(forKey key: String) -> Data? { values.withLock { $0[key] } }

    /// Stores or removes data under `key`.
    public func setData(_ data: Data?, forKey key: String) { values.withLock { $0[key] = data } }
}

/// Key-value storage in one JSON file, rewritten atomically on every change.
public final class FileKeyValueStore: KeyValueStore, Sendable {
    /// The file.
    public let url: URL
    private let values: Mutex<[String: Data]>

    /// Opens the storage at `url`, reading what the file holds (nothing when it does not exist or is unreadable).
    public init(url: URL) {
        self.url = url
        let stored = (try? Data(contentsOf: url)).flatMap { try? JSONDecoder().decode([String: Data].self, from: $0) }
        values = Mutex(stored ?? [:])
    }

    /// The data stored under `key`.
    public func data(forKey key: String) -> Data? { values.withLock { $0[key] } }

    /// Stores or removes data under `key` and rewrites the file.
    public func setData(_ data: Data?, forKey key: String) {
        let snapshot = values.withLock { values in
            values[key] = data
            return values
        }
        guard let encoded = try? JSONEncoder().encode(snapshot) else { return }
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? encoded.write(to: url, options: .atomic)
    }
}
