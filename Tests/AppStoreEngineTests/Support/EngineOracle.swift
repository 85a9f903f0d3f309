import Foundation
import TiendaTestSupport

/// Apple's App Store Server Library for Python (`Tests/Interop/apple_oracle.py`), to check that what the engine
/// signs is what Apple's own verifier accepts. The interpreter is `TIENDA_PYTHON` (set by `make test`) or the
/// package's `.venv`.
enum EngineOracle {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The interpreter with `app-store-server-library`, if there is one.
    static var python: URL? {
        if let configured = ProcessInfo.processInfo.environment["TIENDA_PYTHON"] {
            return URL(fileURLWithPath: configured)
        }
        let local = packageRoot.appendingPathComponent(".venv/bin/python")
        return FileManager.default.isExecutableFile(atPath: local.path) ? local : nil
    }

    /// Whether the oracle can run here.
    static var isAvailable: Bool { python != nil }

    /// Verifies items (`kind`: transaction, renewal, notification, app-transaction) with Apple's verifier in
    /// strict mode and returns each result: `status` ("OK" or Apple's failure) and the `decoded` wire keys.
    static func verify(
        _ items: [(kind: String, jws: String)], root: Data, bundleId: String, environment: String, appAppleId: Int64?
    ) throws -> [[String: Any]] {
        guard let python else { throw OracleError.unavailable }
        var request: [String: Any] = [
            "roots": [root.base64EncodedString()], "bundleId": bundleId, "environment": environment, "strict": true,
            "online": false, "items": items.map { ["kind": $0.kind, "jws": $0.jws] },
        ]
        if let appAppleId { request["appAppleId"] = appAppleId }
        let process = ChildProcess()
        process.executableURL = python
        process.arguments = [packageRoot.appendingPathComponent("Tests/Interop/apple_oracle.py").path, "verify"]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: request))
        try input.fileHandleForWriting.close()
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        let diagnostics = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let object = try JSONSerialization.jsonObject(with: answer) as? [String: Any],
            let results = object["results"] as? [[String: Any]]
        else { throw OracleError.failed(String(decoding: diagnostics, as: UTF8.self)) }
        return results
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
