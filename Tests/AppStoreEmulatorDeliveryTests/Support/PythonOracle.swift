import Foundation
import TiendaTestSupport

/// Apple's App Store Server Library for Python, run through `Tests/Interop/apple_oracle.py`: its
/// `SignedDataVerifier`, offline or with online (OCSP) checks.
enum PythonOracle {
    /// Whether the oracle can run here (`make test` always arranges it).
    static var isAvailable: Bool { AppleOracleProcess.isAvailable }

    /// Verifies `items` (`kind`: transaction, notification, …) with a strict Sandbox verifier rooted at `root` and
    /// returns each status (`OK` or Apple's `VerificationStatus` name) with the chained cause.
    static func verify(
        _ items: [(kind: String, jws: String)], root: Data, bundleId: String, online: Bool
    ) async throws -> [(status: String, error: String?)] {
        let request: [String: Any] = [
            "roots": [root.base64EncodedString()], "bundleId": bundleId, "environment": "Sandbox", "strict": true,
            "online": online, "items": items.map { ["kind": $0.kind, "jws": $0.jws] },
        ]
        let answer = try await AppleOracleProcess.run("verify", input: JSONSerialization.data(withJSONObject: request))
        guard let results = (try JSONSerialization.jsonObject(with: answer) as? [String: Any])?["results"] as? [[String: Any]]
        else { throw AppleOracleError.failed("no results in \(String(decoding: answer, as: UTF8.self))") }
        return results.map { ($0["status"] as? String ?? "?", $0["error"] as? String) }
    }
}
