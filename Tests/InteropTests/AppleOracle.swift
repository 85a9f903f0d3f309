import Foundation
import TiendaTestSupport

/// Apple's App Store Server Library for Python, run through `Tests/Interop/apple_oracle.py`
/// (``AppleOracleProcess``): verification verdicts, one request or a batch per run.
enum AppleOracle {
    /// The package root.
    static var packageRoot: URL { AppleOracleProcess.packageRoot }

    /// Whether the oracle can run here (`make test` always arranges it).
    static var isAvailable: Bool { AppleOracleProcess.isAvailable }

    /// Sends one JSON request to the oracle in `mode` and returns its JSON answer.
    static func ask(_ mode: String, _ request: [String: Any]) throws -> [String: Any] {
        let answer = try AppleOracleProcess.runBlocking(mode, input: JSONSerialization.data(withJSONObject: request)).get()
        guard let object = try JSONSerialization.jsonObject(with: answer) as? [String: Any] else {
            throw AppleOracleError.failed("not a JSON object: \(String(decoding: answer, as: UTF8.self))")
        }
        return object
    }

    /// The oracle's per-item results of a `verify` or `chain` request.
    static func results(_ mode: String, _ request: [String: Any]) throws -> [[String: Any]] {
        guard let results = try ask(mode, request)["results"] as? [[String: Any]] else {
            throw AppleOracleError.failed("no results in the answer")
        }
        return results
    }

    /// The first result of each request, asked in one run of the oracle: `[(mode, request)]` → statuses.
    static func firstStatuses(_ requests: [(mode: String, request: [String: Any])]) throws -> [String] {
        let answer = try ask("batch", ["requests": requests.map { ["mode": $0.mode, "request": $0.request] }])
        guard let answers = answer["answers"] as? [[String: Any]], answers.count == requests.count else {
            throw AppleOracleError.failed("the batch answer does not have one answer per request")
        }
        return answers.map { answer in
            let results = answer["results"] as? [[String: Any]]
            return results?.first?["status"] as? String ?? "no answer"
        }
    }
}
