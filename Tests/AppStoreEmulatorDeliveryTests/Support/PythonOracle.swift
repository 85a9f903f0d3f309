import Foundation

/// Apple's App Store Server Library for Python, run through `Tests/Interop/apple_oracle.py`.
///
/// The interpreter is `TIENDA_PYTHON` (set by `make test`) or the package's `.venv` (`make venv`). The process
/// runs on a dispatch thread, so that the test's own servers keep their cooperative threads while it waits.
enum PythonOracle {
    /// The interpreter with `app-store-server-library` installed, if there is one.
    static var python: URL? {
        if let configured = ProcessInfo.processInfo.environment["TIENDA_PYTHON"] {
            return URL(fileURLWithPath: configured)
        }
        let local = DeliveryHarness.packageRoot.appendingPathComponent(".venv/bin/python")
        return FileManager.default.isExecutableFile(atPath: local.path) ? local : nil
    }

    /// Whether the oracle can run here (`make test` always arranges it).
    static var isAvailable: Bool { python != nil }

    /// Verifies `items` (`kind`: transaction, notification, …) with a strict Sandbox verifier rooted at `root` and
    /// returns each status (`OK` or Apple's `VerificationStatus` name) with the chained cause.
    static func verify(
        _ items: [(kind: String, jws: String)], root: Data, bundleId: String, online: Bool
    ) async throws -> [(status: String, error: String?)] {
        let request: [String: Any] = [
            "roots": [root.base64EncodedString()], "bundleId": bundleId, "environment": "Sandbox", "strict": true,
            "online": online, "items": items.map { ["kind": $0.kind, "jws": $0.jws] },
        ]
        let answer = try await run("verify", JSONSerialization.data(withJSONObject: request))
        guard let results = (try JSONSerialization.jsonObject(with: answer) as? [String: Any])?["results"] as? [[String: Any]]
        else { throw OracleError.failed("no results in \(String(decoding: answer, as: UTF8.self))") }
        return results.map { ($0["status"] as? String ?? "?", $0["error"] as? String) }
    }

    private static func run(_ mode: String, _ input: Data) async throws -> Data {
        guard let python else { throw OracleError.unavailable }
        let script = DeliveryHarness.packageRoot.appendingPathComponent("Tests/Interop/apple_oracle.py")
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                do {
                    let process = Process()
                    process.executableURL = python
                    process.arguments = [script.path, mode]
                    let stdin = Pipe()
                    let stdout = Pipe()
                    let stderr = Pipe()
                    process.standardInput = stdin
                    process.standardOutput = stdout
                    process.standardError = stderr
                    try process.run()
                    stdin.fileHandleForWriting.write(input)
                    try stdin.fileHandleForWriting.close()
                    let output = stdout.fileHandleForReading.readDataToEndOfFile()
                    let diagnostics = stderr.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    guard process.terminationStatus == 0 else {
                        throw OracleError.failed(String(decoding: diagnostics, as: UTF8.self))
                    }
                    continuation.resume(returning: output)
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    enum OracleError: Error, CustomStringConvertible {
        case unavailable
        case failed(String)

        var description: String {
            switch self {
            case .unavailable: "Apple's Python library is not installed: run `make venv` (or `make test`)."
            case .failed(let diagnostics): "apple_oracle.py failed: \(diagnostics)"
            }
        }
    }
}
