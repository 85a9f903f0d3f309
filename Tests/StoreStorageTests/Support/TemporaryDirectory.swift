import Foundation

/// Runs `body` with a new, empty directory under the system's temporary directory, and removes the directory
/// afterwards, whether `body` returns or throws.
func withTemporaryDirectory(named prefix: String, _ body: (URL) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory.appending(path: "\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let result: Result<Void, any Error>
    do {
        result = .success(try await body(directory))
    } catch {
        result = .failure(error)
    }
    try FileManager.default.removeItem(at: directory)
    try result.get()
}
