import Foundation

/// Apple's App Store Server Library for Python, run through `Tests/Interop/apple_oracle.py`: its
/// `AppStoreServerAPIClient` pointed at a live emulator (`call`) and its `SignedDataVerifier` (`verify`).
enum PythonOracle {
    /// The package root.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The interpreter with `app-store-server-library` installed: `TIENDA_PYTHON` (set by `make test`) or `.venv`.
    static var python: URL? {
        if let configured = ProcessInfo.processInfo.environment["TIENDA_PYTHON"] { return URL(fileURLWithPath: configured) }
        let local = packageRoot.appendingPathComponent(".venv/bin/python")
        return FileManager.default.isExecutableFile(atPath: local.path) ? local : nil
    }

    /// Whether the oracle can run here.
    static var isAvailable: Bool { python != nil }

    /// Sends one JSON request in `mode` and returns the answer's `results`. The child process is waited for on a
    /// dispatch thread, never on a Swift concurrency thread, which the live server in the same process needs.
    static func results(_ mode: String, _ request: [String: Any]) async throws -> [[String: Any]] {
        let data = try JSONSerialization.data(withJSONObject: request)
        let answer: Data = try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try run(mode, data) })
            }
        }
        guard let object = try JSONSerialization.jsonObject(with: answer) as? [String: Any],
            let results = object["results"] as? [[String: Any]]
        else { throw OracleFailure(message: String(decoding: answer, as: UTF8.self)) }
        return results
    }

    private static func run(_ mode: String, _ request: Data) throws -> Data {
        guard let python else { throw OracleFailure(message: "Apple's Python library is not installed: run `make venv`.") }
        let process = Process()
        process.executableURL = python
        process.arguments = [packageRoot.appendingPathComponent("Tests/Interop/apple_oracle.py").path, mode]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(request)
        try input.fileHandleForWriting.close()
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        let diagnostics = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw OracleFailure(message: String(decoding: diagnostics, as: UTF8.self)) }
        return answer
    }

    struct OracleFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { "apple_oracle.py failed: \(message)" }
    }
}
