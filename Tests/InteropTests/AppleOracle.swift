import Foundation

/// Apple's App Store Server Library for Python, run through `Tests/Interop/apple_oracle.py`.
///
/// The Python interpreter is `TIENDA_PYTHON` (set by `make test`) or the package's `.venv`.
enum AppleOracle {
    /// The package root (two levels above this file's directory).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The interpreter with `app-store-server-library` installed, if there is one.
    static var python: URL? {
        if let configured = ProcessInfo.processInfo.environment["TIENDA_PYTHON"] {
            return URL(fileURLWithPath: configured)
        }
        let local = packageRoot.appendingPathComponent(".venv/bin/python")
        return FileManager.default.isExecutableFile(atPath: local.path) ? local : nil
    }

    /// Whether the oracle can run here (`make test` always arranges it).
    static var isAvailable: Bool { python != nil }

    /// Sends one JSON request to the oracle in `mode` and returns its JSON answer.
    static func ask(_ mode: String, _ request: [String: Any]) throws -> [String: Any] {
        guard let python else { throw OracleError.unavailable }
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
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: request))
        try input.fileHandleForWriting.close()
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        let diagnostics = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let object = try JSONSerialization.jsonObject(with: answer) as? [String: Any]
        else {
            throw OracleError.failed(String(decoding: diagnostics, as: UTF8.self))
        }
        return object
    }

    /// The oracle's per-item results of a `verify` or `chain` request.
    static func results(_ mode: String, _ request: [String: Any]) throws -> [[String: Any]] {
        guard let results = try ask(mode, request)["results"] as? [[String: Any]] else {
            throw OracleError.failed("no results in the answer")
        }
        return results
    }

    /// The first result of each request, asked in one run of the oracle: `[(mode, request)]` → statuses.
    static func firstStatuses(_ requests: [(mode: String, request: [String: Any])]) throws -> [String] {
        let answer = try ask("batch", ["requests": requests.map { ["mode": $0.mode, "request": $0.request] }])
        guard let answers = answer["answers"] as? [[String: Any]], answers.count == requests.count else {
            throw OracleError.failed("the batch answer does not have one answer per request")
        }
        return answers.map { answer in
            let results = answer["results"] as? [[String: Any]]
            return results?.first?["status"] as? String ?? "no answer"
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
