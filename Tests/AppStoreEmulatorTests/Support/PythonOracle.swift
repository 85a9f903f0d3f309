import Foundation
import TiendaTestSupport

/// Apple's App Store Server Library for Python, run through `Tests/Interop/apple_oracle.py`: its
/// `AppStoreServerAPIClient` pointed at a live emulator (`call`) and its `SignedDataVerifier` (`verify`).
enum PythonOracle {
    /// The package root.
    static var packageRoot: URL { AppleOracleProcess.packageRoot }

    /// Whether the oracle can run here.
    static var isAvailable: Bool { AppleOracleProcess.isAvailable }

    /// Sends one JSON request in `mode` and returns the answer's `results`.
    static func results(_ mode: String, _ request: [String: Any]) async throws -> [[String: Any]] {
        let answer = try await AppleOracleProcess.run(mode, input: JSONSerialization.data(withJSONObject: request))
        guard let object = try JSONSerialization.jsonObject(with: answer) as? [String: Any],
            let results = object["results"] as? [[String: Any]]
        else { throw AppleOracleError.failed("no results in \(String(decoding: answer, as: UTF8.self))") }
        return results
    }
}
