import Foundation
import Testing
import TiendaTestSupport

/// The real `tienda serve` binary: it prints what a client needs, Apple's Python client works against it with
/// the printed API key, it stops cleanly on SIGINT and SIGTERM, and a restart keeps the state and the key.
@Suite struct ServeCommandTests {
    static var python: URL? {
        if let configured = ProcessInfo.processInfo.environment["TIENDA_PYTHON"] { return URL(fileURLWithPath: configured) }
        let local = TiendaProcess.packageRoot.appendingPathComponent(".venv/bin/python")
        return FileManager.default.isExecutableFile(atPath: local.path) ? local : nil
    }

    /// Runs Apple's client through `apple_oracle.py call` against `serve`.
    static func callApple(_ serve: ServeProcess, _ calls: [[Any]]) throws -> [[String: Any]] {
        let python = try #require(python)
        let key = try String(contentsOfFile: try #require(serve.value("private key")), encoding: .utf8)
        let request: [String: Any] = [
            "baseURL": try #require(serve.value("base URL")), "key": key, "keyId": try #require(serve.value("API key ID")),
            "issuerId": try #require(serve.value("issuer ID")), "bundleId": "com.tienda.example", "environment": "Sandbox",
            "calls": calls.map { ["method": $0[0], "args": Array($0.dropFirst())] },
        ]
        let process = ChildProcess()
        process.executableURL = python
        process.arguments = [TiendaProcess.packageRoot.appendingPathComponent("Tests/Interop/apple_oracle.py").path, "call"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: request))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let answer = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(answer["results"] as? [[String: Any]])
    }

    /// Runs blocking work (waiting for processes) on a dispatch thread, keeping Swift concurrency's few threads
    /// free for the live servers other tests run in this process.
    static func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
        }
    }

    @Test(.enabled(if: python != nil, "Apple's Python library is not installed (make venv)"))
    func servesTheServerAPIToApplesClientAndRestartsWithItsState() async throws {
        try await Self.blocking { try Self.serveAndRestart() }
    }

    static func serveAndRestart() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("tienda-serve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let first = try ServeProcess(["Examples/Tienda.storekit", "--state", state.path, "--port", "0"])
        #expect(first.value("root certificate") == state.path + "/pki/root.der")
        #expect(first.value("bundle ID") == "com.tienda.example")
        let answers = try callApple(first, [["request_test_notification"], ["get_transaction_info", "2000000000000001"]])
        #expect(answers[0]["ok"] as? Bool == true)
        #expect(answers[1]["code"] as? Int == 4_040_010)
        let keyId = first.value("API key ID")
        #expect(first.interrupt() == 0)
        #expect(first.output.contains("Stopped."))

        let second = try ServeProcess(["--state", state.path, "--port", "0"])
        #expect(second.value("API key ID") == keyId)
        #expect(second.value("bundle ID") == "com.tienda.example")
        let again = try callApple(second, [["request_test_notification"]])
        #expect(again[0]["ok"] as? Bool == true)
        #expect(second.terminate() == 0)
        #expect(second.output.contains("Stopped."))
    }

    @Test func refusesABadPortWithAUsageError() throws {
        let result = try TiendaProcess.run(["serve", "--port", "70000"])
        #expect(result.exitCode == 64)
        #expect(result.standardError.contains("--port 70000 is not a port number"))
    }
}
