import Foundation
import StoreHTTP
import TiendaTestSupport

/// A real `tienda serve` process (the emulated App Store), with what it prints on start: its base URL, root
/// certificate and Server API key.
final class EmulatorProcess: Sendable {
    private let process: ChildProcess
    private let output = OutputBuffer()

    /// Starts `tienda serve CATALOG --port 0 --state STATE` plus `arguments`, and waits (up to `deadline`) until it
    /// is ready.
    init(catalog: URL, state: URL, arguments: [String] = [], deadline: Duration = .seconds(60)) async throws {
        let process = ChildProcess()
        process.executableURL = ServeProcess.executable
        process.arguments = ["serve", catalog.path, "--port", "0", "--state", state.path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        self.process = process
        output.collect(from: pipe.fileHandleForReading)
        let start = ContinuousClock.now
        while !output.text.contains("Press Ctrl-C to stop.") {
            guard process.isRunning, ContinuousClock.now - start < deadline else {
                process.terminate()
                throw ServeProcessError(message: "tienda serve did not start; it printed: \(output.text)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The value printed after `label` (such as `base URL`), up to the first space.
    func value(_ label: String) throws -> String {
        for line in output.text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix(label + " ") else { continue }
            let rest = trimmed.dropFirst(label.count).trimmingCharacters(in: .whitespaces)
            return String(rest.split(separator: " ").first ?? "")
        }
        throw ServeProcessError(message: "tienda serve printed no \"\(label)\": \(output.text)")
    }

    /// The base URL.
    func baseURL() throws -> URL {
        guard let url = URL(string: try value("base URL")) else { throw ServeProcessError(message: "no base URL") }
        return url
    }

    /// Sends SIGINT and waits for the exit status.
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning { process.interrupt() }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Everything printed so far.
    var text: String { output.text }
}

/// JSON over the emulator's control API.
struct ControlClient: Sendable {
    let baseURL: URL
    let client = HTTPClient()

    /// Sends `body` (a JSON object) and returns the answer's JSON object, requiring a 2xx.
    @discardableResult
    func call(_ method: HTTPMethod, _ path: String, _ body: [String: Any]? = nil) async throws -> [String: Any] {
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? (method == .get ? nil : Data("{}".utf8))
        let response = try await client.send(
            method: method, url: baseURL.appending(path: "control/v1/" + path), headers: ["Content-Type": "application/json"],
            body: data)
        guard (200..<300).contains(response.status.code) else {
            throw ServeProcessError(message: "\(method) \(path) answered \(response.status.code): \(response.text)")
        }
        return (try JSONSerialization.jsonObject(with: response.body) as? [String: Any]) ?? [:]
    }
}
