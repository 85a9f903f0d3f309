import Foundation

/// One small JSON document in the state directory (API keys, the clock offset, Retention Messaging), read at
/// start and replaced atomically on every save, so a crash leaves the old or the new version, never half.
struct JSONStateFile<Value: Codable & Sendable>: Sendable {
    /// The file.
    let url: URL

    /// The stored value, or `nil` when the file does not exist yet.
    /// - Throws: ``EmulatorError/corruptState(file:reason:)`` when it exists but cannot be decoded.
    func load() throws(EmulatorError) -> Value? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try JSONDecoder().decode(Value.self, from: Data(contentsOf: url))
        } catch {
            throw .corruptState(file: url.path, reason: "\(error)")
        }
    }

    /// Writes the value (pretty-printed, sorted keys), creating the folder when missing.
    func save(_ value: Value) throws(EmulatorError) {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try encoder.encode(value).write(to: url, options: .atomic)
        } catch {
            throw .stateNotWritable(file: url.path, reason: "\(error)")
        }
    }
}
