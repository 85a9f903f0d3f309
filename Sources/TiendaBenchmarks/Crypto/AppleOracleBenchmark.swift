import Foundation
import StoreCrypto

/// Apple's Python `SignedDataVerifier` (app-store-server-library) verifying the same JWS, measured by
/// `Tests/Interop/apple_oracle.py bench` in a child process.
///
/// Each round starts one Python process that builds a verifier rooted at the fixtures' authority (Sandbox, strict
/// X.509 checks on, online checks off, as the library ships) and calls `verify_and_decode_signed_transaction` in a
/// loop for the round's duration; the process reports its own rate, so interpreter start-up is not counted. With
/// online checks off the library validates the chain on every call (it caches chains only in online mode).
struct AppleOracleBenchmark {
    /// The Python interpreter with `app-store-server-library` installed.
    let python: URL
    /// `apple_oracle.py`.
    let script: URL

    /// The workload, or `nil` when the script is missing.
    func workload(fixtures: CryptoFixtures) throws -> Workload {
        guard FileManager.default.fileExists(atPath: script.path) else {
            throw BenchmarkError("\(script.path) not found: run from the package root or pass --oracle")
        }
        let request: [String: Any] = [
            "roots": [StrictBase64.encode(fixtures.authority.root.derRepresentation)],
            "bundleId": CryptoFixtures.bundleId, "environment": "Sandbox", "strict": true, "online": false,
            "jws": fixtures.jws, "kind": "transaction",
        ]
        return Workload(
            id: WorkloadID.appleVerify, label: "Apple Python SignedDataVerifier",
            detail: "verify_and_decode_signed_transaction, strict X.509, online checks off (chain validated each call)",
            kind: .external { seconds in try measure(request: request, seconds: seconds) })
    }

    /// Runs one `bench` request for `seconds` and returns verifications per second.
    private func measure(request: [String: Any], seconds: Double) throws -> Double {
        var request = request
        request["seconds"] = seconds
        let answer = try run(input: try JSONSerialization.data(withJSONObject: request))
        guard let object = try? JSONSerialization.jsonObject(with: answer) as? [String: Any],
            let perSecond = object["perSecond"] as? Double, perSecond > 0
        else {
            throw BenchmarkError("apple_oracle.py bench answered: \(String(decoding: answer, as: UTF8.self))")
        }
        return perSecond
    }

    private func run(input: Data) throws -> Data {
        let process = Process()
        process.executableURL = python
        process.arguments = [script.path, "bench"]
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
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError(
                "apple_oracle.py bench exited with \(process.terminationStatus): "
                    + String(decoding: errors.suffix(2000), as: UTF8.self))
        }
        return output
    }
}
